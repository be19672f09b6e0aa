import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUPPORTED_OS_IDS, type ServerDetail } from '@hostdeck/contracts';
import { scrollToField, splitFieldErrors } from '../../api/form-errors';
import { useAppInfo } from '../../api/use-app-info';
import { routePath } from '../../app/route-names';
import { PageTitle } from '../../pages/PageTitle';
import {
  CONNECT_FIELDS,
  defaultConnectValues,
  connectFieldOf,
  connectRequest,
  phpVersionOptions,
  validateConnectForm,
  type ConnectField,
  type ConnectFormValues,
} from './connect-form';
import { osLabel } from '../../format/format';
import { awaitsInstallCommand } from '../install-command';
import { InstallCommandPanel } from '../InstallCommandPanel';
import { ProvisionOptionsFields } from './ProvisionOptionsFields';
import { serverDetailKey } from '../../api/panel-queries';
import { connectServer } from '../server-api';
import { inputTestId } from '../../components/test-ids';

/**
 * `/servers/create` (servers.create, spec/000 §2 Connect New Server): name, IP, SSH port, root
 * password or the install command, and what provisioning installs. Once connected, the server page
 * shows provisioning live; with the command method this page first shows the command to run.
 */
export function ConnectServerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState<ServerDetail | null>(null);
  const openServer = (server: ServerDetail) =>
    void navigate(routePath('servers.show', { server: server.id }));

  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.serverCreate')}</PageTitle>
      {waiting ? (
        <InstallCommandPanel server={waiting} onConnected={openServer} />
      ) : (
        <ConnectForm
          onConnected={(server) => (awaitsInstallCommand(server) ? setWaiting(server) : openServer(server))}
        />
      )}
    </Stack>
  );
}

function ConnectForm({ onConnected }: { onConnected: (server: ServerDetail) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const appInfo = useAppInfo().data;
  const phpVersions = useMemo(() => phpVersionOptions(appInfo?.phpVersions ?? []), [appInfo?.phpVersions]);
  const [values, setValues] = useState<ConnectFormValues>(() => defaultConnectValues(phpVersions));
  const [errors, setErrors] = useState<Partial<Record<ConnectField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A second Enter while the request runs must not send it twice; isPending renders too late.
  const inFlight = useRef(false);

  function update(next: ConnectFormValues, field: ConnectField) {
    setValues(next);
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function show(next: Partial<Record<ConnectField, string>>) {
    setErrors(next);
    const first = CONNECT_FIELDS.find((field) => field in next);
    if (first !== undefined) window.requestAnimationFrame(() => scrollToField(first));
  }

  // A failure is reported by the query client's mutation cache (handleApiError); its field errors
  // go under the fields, anything else above the form.
  const connect = useMutation({
    mutationFn: connectServer,
    onSuccess: (server) => {
      queryClient.setQueryData(serverDetailKey(server.id), server);
      void queryClient.invalidateQueries({ queryKey: ['servers', 'list'] });
      onConnected(server);
    },
    onError: (error) => {
      const { fields, other } = splitFieldErrors(error, connectFieldOf);
      show(fields);
      if (Object.keys(fields).length === 0 || other.length > 0) {
        setFormError(other[0] ?? (error instanceof Error ? error.message : t('errors.somethingWentWrong')));
      }
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const submitting = connect.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError(null);
    const problems = validateConnectForm(values);
    if (Object.keys(problems).length > 0) {
      show(
        Object.fromEntries(
          Object.entries(problems).map(([field, message]) => [
            field,
            'key' in message ? t(message.key) : message.text,
          ]),
        ),
      );
      return;
    }
    inFlight.current = true;
    setErrors({});
    connect.mutate(connectRequest(values));
  }

  const text = (field: 'name' | 'ip' | 'port' | 'password', label: string, extra: object = {}) => ({
    name: field,
    label,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      update({ ...values, [field]: event.target.value }, field),
    error: field in errors,
    helperText: errors[field],
    disabled: submitting,
    slotProps: { htmlInput: { 'data-testid': `connect-${field}` } },
    ...extra,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={3}>
        <Section title={t('connect.serverSection')}>
          <TextField {...text('name', t('connect.name'))} autoComplete="off" fullWidth />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...text('ip', t('connect.ip'))}
              helperText={errors.ip ?? t('connect.ipHint')}
              autoComplete="off"
              sx={{ flex: 3 }}
            />
            <TextField
              {...text('port', t('connect.port'))}
              slotProps={{ htmlInput: { 'data-testid': 'connect-port', inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <SupportedSystems />
        </Section>

        <Section title={t('connect.methodSection')}>
          <FormControl disabled={submitting}>
            <FormLabel id="connect-method">{t('connect.method')}</FormLabel>
            <RadioGroup
              aria-labelledby="connect-method"
              name="method"
              value={values.method}
              onChange={(event) =>
                update({ ...values, method: event.target.value as ConnectFormValues['method'] }, 'method')
              }
            >
              <FormControlLabel
                value="password"
                label={t('connect.methodPassword')}
                control={<Radio slotProps={{ input: inputTestId('connect-method-password') }} />}
              />
              <FormControlLabel
                value="command"
                label={t('connect.methodCommand')}
                control={<Radio slotProps={{ input: inputTestId('connect-method-command') }} />}
              />
            </RadioGroup>
          </FormControl>
          {values.method === 'password' ? (
            <TextField
              {...text('password', t('connect.password'))}
              helperText={errors.password ?? t('connect.passwordHint')}
              type="password"
              autoComplete="new-password"
              fullWidth
            />
          ) : (
            <Alert severity="info">{t('connect.commandHint')}</Alert>
          )}
        </Section>

        <Section title={t('connect.provisionSection')}>
          <ProvisionOptionsFields
            value={values.provision}
            phpVersions={phpVersions}
            errors={errors}
            disabled={submitting}
            onChange={(provision, field) => update({ ...values, provision }, field)}
          />
        </Section>

        {formError && (
          <Alert severity="error" data-testid="connect-error">
            {formError}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={submitting}
            data-testid="connect-submit"
          >
            {t('connect.submit')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/** Supported systems (spec/000 §9, and Debian 12); the panel refuses others with a clear message. */
function SupportedSystems() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} data-testid="connect-supported-os">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('connect.supportedOs')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {SUPPORTED_OS_IDS.map((id) => (
          <Chip key={id} size="small" variant="outlined" label={osLabel(id)} />
        ))}
      </Stack>
    </Stack>
  );
}
