import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dockerLogSettingsRequestSchema, type DockerLogSettings } from '@hostdeck/contracts/docker';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useDockerActions, useDockerSettings } from './docker-api';

/** The daemon's log rotation (`max-size`, `max-file`), merged into daemon.json by an event. */
export function SettingsTab({ serverId }: { serverId: number }) {
  const settings = useDockerSettings(serverId);
  if (settings.isPending) return <LoadingIndicator />;
  if (settings.isError) return <Alert severity="error">{settings.error.message}</Alert>;
  return (
    <LogRotationForm
      serverId={serverId}
      current={settings.data.data}
      key={JSON.stringify(settings.data.data)}
    />
  );
}

function LogRotationForm({ serverId, current }: { serverId: number; current: DockerLogSettings }) {
  const { t } = useTranslation();
  const actions = useDockerActions(serverId);
  const [maxSize, setMaxSize] = useState(current.max_size ?? '10m');
  const [maxFile, setMaxFile] = useState(String(current.max_file ?? 3));
  const parsed = dockerLogSettingsRequestSchema.safeParse({ max_size: maxSize, max_file: Number(maxFile) });
  const sizeInvalid = !dockerLogSettingsRequestSchema.shape.max_size.safeParse(maxSize).success;
  const fileInvalid = !dockerLogSettingsRequestSchema.shape.max_file.safeParse(Number(maxFile)).success;

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography variant="h6" component="h2">
          {t('docker.settings.logRotation')}
        </Typography>
        <Alert severity="info" data-testid="docker-settings-new-containers">
          {t('docker.settings.newContainers')}
        </Alert>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="docker-settings-current">
          {t('docker.settings.current', {
            driver: current.log_driver ?? 'json-file',
            size: current.max_size ?? '—',
            files: current.max_file ?? '—',
          })}
        </Typography>
        <TextField
          label={t('docker.settings.maxSize')}
          value={maxSize}
          onChange={(event) => setMaxSize(event.target.value)}
          error={sizeInvalid}
          helperText={sizeInvalid ? t('docker.settings.maxSizeHelp') : t('docker.settings.maxSizeHint')}
          slotProps={{ htmlInput: { 'data-testid': 'docker-settings-max-size' } }}
        />
        <TextField
          label={t('docker.settings.maxFile')}
          type="number"
          value={maxFile}
          onChange={(event) => setMaxFile(event.target.value)}
          error={fileInvalid}
          helperText={fileInvalid ? t('docker.settings.maxFileHelp') : undefined}
          slotProps={{ htmlInput: { min: 1, max: 100, 'data-testid': 'docker-settings-max-file' } }}
        />
        <Stack direction="row">
          <Button
            variant="contained"
            disabled={!parsed.success}
            loading={actions.isBusy('settings')}
            onClick={() => parsed.success && void actions.run('settings', 'PUT', '/settings', parsed.data)}
            data-testid="docker-settings-apply"
          >
            {t('docker.settings.apply')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
