import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PERMIT_ROOT_LOGIN_VALUES,
  type SshdConfig,
  type UpdateSshdConfigRequest,
} from '@hostdeck/contracts/ssh';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors } from '../../api/form-errors';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useEventRuns } from '../../hooks/event-runs';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { ResetHostKeyDialog } from './ResetHostKeyDialog';
import { sshdConfigKey, updateSshdConfig, useSshdConfig } from './ssh-api';

type FormState = { [Key in keyof SshdConfig['form']]: string };

const toFormState = (config: SshdConfig): FormState => ({
  port: String(config.form.port),
  permitrootlogin:
    config.form.permitrootlogin === 'without-password' ? 'prohibit-password' : config.form.permitrootlogin,
  passwordauthentication: config.form.passwordauthentication,
  pubkeyauthentication: config.form.pubkeyauthentication,
  allowusers: config.form.allowusers,
  maxauthtries: String(config.form.maxauthtries),
  clientaliveinterval: String(config.form.clientaliveinterval),
});

/** A whole number as typed, or the text itself (the panel's grammar then says what is wrong). */
const numberOrText = (value: string): number =>
  /^\d+$/.test(value.trim()) ? Number(value.trim()) : (value as never);

/**
 * The "SSH settings" tab: the values sshd uses (`sshd -T`) in a form, and the panel's drop-in as
 * text. Each save is an event the server reverts by itself unless the panel gets in again (safe
 * apply); a port change opens the new port in ufw first and closes the old one once proved.
 */
export function SshSettingsPanel() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const config = useSshdConfig(serverId);
  const queryClient = useQueryClient();
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: sshdConfigKey(serverId) });
  });
  const [resetting, setResetting] = useState(false);

  if (config.isPending || !server) return <LoadingIndicator />;
  if (config.isError || !config.data)
    return (
      <Alert severity="error" data-testid="ssh-load-failed">
        {t('ssh.loadFailed')}
      </Alert>
    );
  const data = config.data;
  const busy = runs.isRunning('ssh');

  return (
    <Stack spacing={3} data-testid="ssh-settings">
      <Alert severity="info">{t('ssh.safeApply')}</Alert>
      {data.pending && <Alert severity="warning">{t('ssh.pending')}</Alert>}
      {data.socket && <Alert severity="info">{t('ssh.socket')}</Alert>}
      <Typography variant="body2" color="text.secondary" data-testid="ssh-panel-login">
        {t(data.panel.auth === 'key' ? 'ssh.panelLoginKey' : 'ssh.panelLoginPassword', {
          user: data.panel.user,
        })}
      </Typography>
      <SettingsForm
        key={JSON.stringify(data.form)}
        config={data}
        busy={busy}
        onSaved={(eventId) => runs.track('ssh', eventId)}
      />
      <RawEditor key={data.raw} config={data} busy={busy} onSaved={(eventId) => runs.track('ssh', eventId)} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h6">{t('ssh.hostKey.title')}</Typography>
          <Typography variant="body2">{t('ssh.hostKey.text')}</Typography>
          <Button
            color="warning"
            variant="outlined"
            onClick={() => setResetting(true)}
            data-testid="ssh-host-key-reset"
          >
            {t('ssh.hostKey.button')}
          </Button>
        </Stack>
      </Paper>
      <ResetHostKeyDialog
        open={resetting}
        serverId={serverId}
        name={server.name}
        onClose={() => setResetting(false)}
      />
    </Stack>
  );
}

function useSave(onSaved: (eventId: number) => void) {
  const serverId = useRouteServerId();
  const fieldErrors = useFieldErrors();
  const save = useMutation({
    mutationFn: (body: UpdateSshdConfigRequest) => updateSshdConfig(serverId, body),
    onSuccess: (eventId) => {
      notifySuccess();
      onSaved(eventId);
    },
    onError: (error) => fieldErrors.apply(error),
  });
  return { save, fieldErrors };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6">{title}</Typography>
        {children}
      </Stack>
    </Paper>
  );
}

function SettingsForm({
  config,
  busy,
  onSaved,
}: {
  config: SshdConfig;
  busy: boolean;
  onSaved: (eventId: number) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FormState>(() => toFormState(config));
  const { save, fieldErrors } = useSave(onSaved);
  const set = (field: keyof FormState) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    fieldErrors.clear(`form.${field}`);
  };
  const error = (field: keyof FormState) => fieldErrors.get(`form.${field}`);
  const yesNo = (field: 'passwordauthentication' | 'pubkeyauthentication') => (
    <TextField
      select
      name={`form.${field}`}
      label={t(`ssh.fields.${field}`)}
      value={form[field]}
      onChange={set(field)}
      error={error(field) !== undefined}
      helperText={error(field)}
      slotProps={{ htmlInput: { 'data-testid': `ssh-field-${field}` } }}
    >
      <MenuItem value="yes">{t('ssh.yes')}</MenuItem>
      <MenuItem value="no">{t('ssh.no')}</MenuItem>
    </TextField>
  );
  const submit = () => {
    if (save.isPending || busy) return;
    fieldErrors.clear();
    save.mutate({
      form: {
        port: numberOrText(form.port),
        permitrootlogin: form.permitrootlogin as (typeof PERMIT_ROOT_LOGIN_VALUES)[number],
        passwordauthentication: form.passwordauthentication as 'yes' | 'no',
        pubkeyauthentication: form.pubkeyauthentication as 'yes' | 'no',
        allowusers: form.allowusers.trim(),
        maxauthtries: numberOrText(form.maxauthtries),
        clientaliveinterval: numberOrText(form.clientaliveinterval),
      },
    });
  };
  const portMoves = form.port.trim() !== String(config.form.port);
  return (
    <Section title={t('ssh.formTitle')}>
      <Stack
        component="form"
        spacing={2}
        sx={{ maxWidth: 560 }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          name="form.port"
          label={t('ssh.fields.port')}
          value={form.port}
          onChange={set('port')}
          error={error('port') !== undefined}
          helperText={error('port') ?? (portMoves ? t('ssh.portHint') : undefined)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'ssh-field-port' } }}
        />
        <TextField
          select
          name="form.permitrootlogin"
          label={t('ssh.fields.permitrootlogin')}
          value={form.permitrootlogin}
          onChange={set('permitrootlogin')}
          error={error('permitrootlogin') !== undefined}
          helperText={error('permitrootlogin')}
          slotProps={{ htmlInput: { 'data-testid': 'ssh-field-permitrootlogin' } }}
        >
          {PERMIT_ROOT_LOGIN_VALUES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        {yesNo('passwordauthentication')}
        {yesNo('pubkeyauthentication')}
        <TextField
          name="form.allowusers"
          label={t('ssh.fields.allowusers')}
          value={form.allowusers}
          onChange={set('allowusers')}
          error={error('allowusers') !== undefined}
          helperText={error('allowusers') ?? t('ssh.allowUsersHint')}
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'ssh-field-allowusers' } }}
        />
        <TextField
          name="form.maxauthtries"
          label={t('ssh.fields.maxauthtries')}
          value={form.maxauthtries}
          onChange={set('maxauthtries')}
          error={error('maxauthtries') !== undefined}
          helperText={error('maxauthtries')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'ssh-field-maxauthtries' } }}
        />
        <TextField
          name="form.clientaliveinterval"
          label={t('ssh.fields.clientaliveinterval')}
          value={form.clientaliveinterval}
          onChange={set('clientaliveinterval')}
          error={error('clientaliveinterval') !== undefined}
          helperText={error('clientaliveinterval') ?? t('ssh.clientAliveHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'ssh-field-clientaliveinterval' } }}
        />
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending || busy}
            data-testid="ssh-form-save"
          >
            {t('ssh.save')}
          </Button>
          {busy && (
            <Typography variant="body2" color="text.secondary" data-testid="ssh-applying">
              {t('ssh.applying')}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Section>
  );
}

function RawEditor({
  config,
  busy,
  onSaved,
}: {
  config: SshdConfig;
  busy: boolean;
  onSaved: (eventId: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(config.raw);
  const { save, fieldErrors } = useSave(onSaved);
  const errors = Object.entries(fieldErrors.all)
    .filter(([field]) => field === 'raw' || field.startsWith('raw.'))
    .map(([, message]) => message);
  return (
    <Section title={t('ssh.rawTitle')}>
      <Typography variant="body2">{t('ssh.rawHint')}</Typography>
      <TextField
        name="raw"
        multiline
        minRows={6}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          fieldErrors.clear();
        }}
        error={errors.length > 0}
        helperText={errors.join(' ') || undefined}
        slotProps={{
          htmlInput: { spellCheck: false, 'data-testid': 'ssh-raw' },
          input: { sx: { fontFamily: 'monospace' } },
        }}
      />
      <Stack direction="row">
        <Button
          variant="contained"
          loading={save.isPending || busy}
          onClick={() => {
            if (!save.isPending && !busy) save.mutate({ raw: text });
          }}
          data-testid="ssh-raw-save"
        >
          {t('ssh.saveRaw')}
        </Button>
      </Stack>
    </Section>
  );
}
