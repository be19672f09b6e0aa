import EditNoteIcon from '@mui/icons-material/EditNote';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhpVersionItem as PhpVersion } from '@hostdeck/contracts/php';
import { useFieldErrors } from '../../api/form-errors';
import { resetOpcache, setExecutionTime, setIoncube, setOpcache, setUploadSize } from './php-api';
import { EXECUTION_TIME_SECONDS, UPLOAD_SIZE_MB, parseWholeNumber } from './php-forms';
import type { PhpEvents } from './use-php-events';

/** Busy keys of one version's settings (use-php-events). */
export const settingKey = (setting: string, version: string) => `${setting}:${version}`;

/**
 * The settings of one installed version: OPcache (with "reset"), max upload size, max execution
 * time, ionCube, and the php.ini editor. Each change is an event (php-fpm checked, then the web
 * server, reloaded, rolled back on failure); its control is busy until the event ends.
 */
export function VersionSettingsCard({
  serverId,
  version,
  installed,
  events,
  onSelect,
  onEditIni,
}: {
  serverId: number;
  version: PhpVersion;
  installed: readonly PhpVersion[];
  events: PhpEvents;
  onSelect: (version: string) => void;
  onEditIni: () => void;
}) {
  const { t } = useTranslation();
  const name = version.version;
  const busy = (setting: string) => events.isBusy(settingKey(setting, name));
  const start = (setting: string, title: string, call: () => Promise<number>) =>
    events.start(settingKey(setting, name), title, call).catch(() => undefined);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="php-settings" data-version={name}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h6" component="h2">
          {t('php.settings.title', { version: name })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {installed.length > 1 && (
            <TextField
              select
              size="small"
              label={t('php.settings.version')}
              value={name}
              onChange={(event) => onSelect(event.target.value)}
              sx={{ minWidth: 140 }}
              slotProps={{ htmlInput: { 'data-testid': 'php-settings-version' } }}
            >
              {installed.map((entry) => (
                <MenuItem key={entry.version} value={entry.version}>
                  PHP {entry.version}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button
            variant="outlined"
            startIcon={<EditNoteIcon />}
            onClick={onEditIni}
            data-testid="php-ini-open"
          >
            {t('php.settings.editIni')}
          </Button>
        </Stack>
      </Stack>
      <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <ToggleSetting
            label={t('php.settings.opcache')}
            help={t('php.settings.opcacheHelp')}
            checked={version.opcache}
            busy={busy('opcache')}
            testId="php-opcache-switch"
            onChange={(on) =>
              start('opcache', `${t('php.settings.opcache')} · PHP ${name}`, () =>
                setOpcache(serverId, name, on),
              )
            }
          />
          <Button
            startIcon={<RestartAltIcon />}
            disabled={!version.opcache}
            loading={busy('opcache-reset')}
            onClick={() =>
              start('opcache-reset', `${t('php.settings.opcacheReset')} · PHP ${name}`, () =>
                resetOpcache(serverId, name),
              )
            }
            data-testid="php-opcache-reset"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {t('php.settings.opcacheReset')}
          </Button>
        </Stack>
        <Divider />
        <NumberSetting
          key={`upload:${name}:${version.upload_size_mb}`}
          name="size_mb"
          label={t('php.settings.uploadSize')}
          help={t('php.settings.uploadSizeHelp')}
          invalid={t('php.settings.invalidUploadSize')}
          value={version.upload_size_mb}
          range={UPLOAD_SIZE_MB}
          busy={busy('upload')}
          testId="php-upload-size"
          onSave={(value) =>
            events.start(settingKey('upload', name), `${t('php.settings.uploadSize')} · PHP ${name}`, () =>
              setUploadSize(serverId, name, value),
            )
          }
        />
        <NumberSetting
          key={`time:${name}:${version.execution_time}`}
          name="seconds"
          label={t('php.settings.executionTime')}
          help={t('php.settings.executionTimeHelp')}
          invalid={t('php.settings.invalidExecutionTime')}
          value={version.execution_time}
          range={EXECUTION_TIME_SECONDS}
          busy={busy('time')}
          testId="php-execution-time"
          onSave={(value) =>
            events.start(settingKey('time', name), `${t('php.settings.executionTime')} · PHP ${name}`, () =>
              setExecutionTime(serverId, name, value),
            )
          }
        />
        <Divider />
        <ToggleSetting
          label={t('php.settings.ioncube')}
          help={t('php.settings.ioncubeHelp')}
          checked={version.ioncube}
          busy={busy('ioncube')}
          testId="php-ioncube-switch"
          onChange={(on) =>
            start('ioncube', `${t('php.settings.ioncube')} · PHP ${name}`, () =>
              setIoncube(serverId, name, on),
            )
          }
        />
      </Stack>
    </Paper>
  );
}

function ToggleSetting({
  label,
  help,
  checked,
  busy,
  testId,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  busy: boolean;
  testId: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <Stack spacing={0.25} sx={{ flex: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={busy}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'data-testid': testId } as object }}
          />
        }
        label={label}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {help}
      </Typography>
    </Stack>
  );
}

/** A whole-number setting with its own Save: checked here first, then by the API (field errors). */
function NumberSetting({
  name,
  label,
  help,
  invalid,
  value,
  range,
  busy,
  testId,
  onSave,
}: {
  name: string;
  label: string;
  help: string;
  invalid: string;
  value: number;
  range: { min: number; max: number };
  busy: boolean;
  testId: string;
  onSave: (value: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const [problem, setProblem] = useState(false);
  const fieldErrors = useFieldErrors();
  const error = problem ? invalid : fieldErrors.get(name);
  const parsed = parseWholeNumber(text, range);

  function submit() {
    if (busy) return;
    fieldErrors.clear();
    setProblem(parsed === null);
    if (parsed === null) return;
    onSave(parsed).catch((failure: unknown) => fieldErrors.apply(failure));
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          name={name}
          size="small"
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(false);
          }}
          error={error !== undefined}
          helperText={error ?? help}
          disabled={busy}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId } }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={busy}
          disabled={parsed === value}
          data-testid={`${testId}-save`}
          sx={{ mt: 0.25 }}
        >
          {t('php.settings.save')}
        </Button>
      </Stack>
    </form>
  );
}
