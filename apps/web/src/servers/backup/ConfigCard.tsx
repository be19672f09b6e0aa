import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupConfigItem, RunBackupRequest } from '@hostdeck/contracts/backups';
import { BackupStateChip } from './BackupStateChip';
import type { BackupItem } from './server-items';

const BUSY = new Set(['creating', 'updating', 'deleting']);

export interface ConfigActions {
  run: (config: BackupConfigItem, target: RunBackupRequest) => void;
  verify: (config: BackupConfigItem) => void;
  restore: (config: BackupConfigItem) => void;
  download: (config: BackupConfigItem) => void;
  clone: (config: BackupConfigItem) => void;
  edit: (config: BackupConfigItem) => void;
  remove: (config: BackupConfigItem) => void;
  isRunning: (key: string) => boolean;
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 180 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Stack>
  );
}

/** One configuration: where, when, what, how many kept, its last verified restore, and its actions. */
export function ConfigCard({
  config,
  sites,
  databases,
  serverTimeZone,
  actions,
}: {
  config: BackupConfigItem;
  sites: readonly BackupItem[];
  databases: readonly BackupItem[];
  serverTimeZone: string;
  actions: ConfigActions;
}) {
  const { t, i18n } = useTranslation();
  const busy = BUSY.has(config.status);
  const time = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(value),
    );
  const verification = config.last_verification;
  const chosenSites = sites.filter((site) => config.site_ids.includes(site.id));
  const chosenDatabases = databases.filter((database) => config.database_ids.includes(database.id));
  const running = actions.isRunning(`run:${config.id}`);

  const item = (kind: 'site' | 'database', entry: BackupItem) => {
    const key = `run:${config.id}:${kind}:${entry.id}`;
    return (
      <Stack key={entry.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{entry.name}</span>
        <Button
          size="small"
          disabled={busy}
          loading={actions.isRunning(key)}
          onClick={() =>
            actions.run(config, kind === 'site' ? { site_id: entry.id } : { database_id: entry.id })
          }
          data-testid={`backup-run-${kind}-${entry.name}`}
        >
          {t('backup.actions.backUpThis')}
        </Button>
      </Stack>
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`backup-config-${config.id}`}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3">
            {config.drive.name}
          </Typography>
          <Chip size="small" label={t(`backup.drives.kinds.${config.drive.kind}`)} />
          {config.drive.kind === 'local' && (
            <Chip size="small" color="warning" label={t('backup.drives.notABackup')} />
          )}
          {config.status !== 'active' && (
            <Chip
              size="small"
              color={config.status === 'failed' ? 'error' : 'default'}
              label={t(`backup.configStatus.${config.status}`)}
              data-testid="backup-config-status"
            />
          )}
        </Stack>
        {config.drive.kind === 'local' && <Alert severity="warning">{t('backup.drives.localWarning')}</Alert>}

        {(config.alert || (verification && !verification.ok)) && verification && (
          <Alert severity="error" data-testid="backup-verify-failed">
            <AlertTitle>
              {t('backup.verification.failedTitle', { time: time(verification.checked_at) })}
            </AlertTitle>
            {verification.problems.length > 0 ? (
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {verification.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : (
              t('backup.verification.failedNoDetail')
            )}
          </Alert>
        )}

        <Line label={t('backup.fields.lastBackup')}>
          {config.last_history ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <BackupStateChip state={config.last_history.state} />
              <span>{time(config.last_history.started_at)}</span>
            </Stack>
          ) : (
            t('backup.neverBackedUp')
          )}
        </Line>
        <Line label={t('backup.fields.schedule')}>
          {t('backup.scheduleText', {
            period: t(`backup.periods.${config.period}`),
            time: config.run_at,
            zone: serverTimeZone,
          })}
        </Line>
        <Line label={t('backup.fields.retention')}>{t('backup.retentionText', config.cycle)}</Line>
        <Line label={t('backup.fields.verify')}>{t(`backup.verifyModes.${config.verify}`)}</Line>
        <Line label={t('backup.fields.lastVerified')}>
          <span data-testid="backup-last-verified">
            {verification === null
              ? t('backup.verification.never')
              : verification.ok
                ? t('backup.verification.ok', { time: time(verification.checked_at) })
                : t('backup.verification.failed', { time: time(verification.checked_at) })}
          </span>
        </Line>
        <Line label={t('backup.fields.sites')}>
          {chosenSites.length === 0 ? t('backup.none') : chosenSites.map((site) => item('site', site))}
        </Line>
        <Line label={t('backup.fields.databases')}>
          {chosenDatabases.length === 0
            ? t('backup.none')
            : chosenDatabases.map((database) => item('database', database))}
        </Line>
        <Line label={t('backup.fields.excludes')}>
          {config.excludes.length === 0 ? (
            t('backup.none')
          ) : (
            <span style={{ fontFamily: 'monospace' }}>{config.excludes.join(', ')}</span>
          )}
        </Line>

        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            size="small"
            disabled={busy}
            loading={running}
            onClick={() => actions.run(config, {})}
            data-testid={`backup-run-${config.id}`}
          >
            {t('backup.actions.backupNow')}
          </Button>
          <Button
            size="small"
            disabled={busy}
            loading={actions.isRunning(`verify:${config.id}`)}
            onClick={() => actions.verify(config)}
            data-testid={`backup-verify-${config.id}`}
          >
            {t('backup.actions.verifyNow')}
          </Button>
          <Button
            size="small"
            disabled={busy}
            onClick={() => actions.restore(config)}
            data-testid={`backup-restore-${config.id}`}
          >
            {t('backup.actions.restore')}
          </Button>
          <Button size="small" disabled={busy} onClick={() => actions.download(config)}>
            {t('backup.actions.download')}
          </Button>
          <Button size="small" disabled={busy} onClick={() => actions.clone(config)}>
            {t('backup.actions.clone')}
          </Button>
          <Button
            size="small"
            disabled={busy}
            onClick={() => actions.edit(config)}
            data-testid={`backup-edit-${config.id}`}
          >
            {t('backup.actions.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={busy}
            onClick={() => actions.remove(config)}
            data-testid={`backup-delete-${config.id}`}
          >
            {t('backup.actions.delete')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
