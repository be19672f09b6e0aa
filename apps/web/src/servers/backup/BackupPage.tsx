import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupConfigItem, RunBackupRequest } from '@hostdeck/contracts/backups';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useEventRuns } from '../../hooks/event-runs';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { formatBytes } from '../../format/format';
import {
  backupConfigsQuery,
  backupDownloadLink,
  backupDrivesQuery,
  backupHistoriesQuery,
  backupsKey,
  deleteBackupConfig,
  drivesKey,
  runBackup,
  syncBackupConfiguration,
  verifyBackup,
} from './backups-api';
import { CloneDialog } from './CloneDialog';
import { ConfigCard, type ConfigActions } from './ConfigCard';
import { ConfigDialog } from './ConfigDialog';
import { preparedDownload, startDownload, type PreparedDownload } from './download-file';
import { DownloadDialog } from './DownloadDialog';
import { DrivesCard } from './DrivesCard';
import { HistoryTable } from './HistoryTable';
import { RestoreDialog } from './RestoreDialog';
import { useServerItems } from './server-items';

/** The key a running action keeps busy until its event ends (ConfigCard's buttons). */
const runKey = (config: BackupConfigItem, target: RunBackupRequest) =>
  target.site_id !== undefined
    ? `run:${config.id}:site:${target.site_id}`
    : target.database_id !== undefined
      ? `run:${config.id}:database:${target.database_id}`
      : `run:${config.id}`;

/**
 * `/servers/{server}/backup` (servers.backups, issue 20): the server's backup configurations (drive,
 * schedule, retention, excludes, sites and databases, verification) with "Backup now" for all of it
 * or one site or database, "Verify now" and the last verified restore (an alert when it failed),
 * restores, downloads, clone and sync; the runs with their state and what failed; the user's drives.
 */
export function BackupPage() {
  const { t, i18n } = useTranslation();
  const serverId = useRouteServerId();
  const queryClient = useQueryClient();
  const { data: server } = useServerDetail(serverId);
  const configs = useQuery({ ...backupConfigsQuery(serverId), enabled: serverId > 0 });
  const histories = useQuery({ ...backupHistoriesQuery(serverId), enabled: serverId > 0 });
  const drives = useQuery(backupDrivesQuery());
  const items = useServerItems(serverId);
  const [editing, setEditing] = useState<BackupConfigItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BackupConfigItem | null>(null);
  const [restoring, setRestoring] = useState<BackupConfigItem | null>(null);
  const [downloading, setDownloading] = useState<BackupConfigItem | null>(null);
  const [cloning, setCloning] = useState<BackupConfigItem | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [outputEventId, setOutputEventId] = useState<number | null>(null);
  const [reveal, setReveal] = useState(0);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: backupsKey(serverId) });
    void queryClient.invalidateQueries({ queryKey: drivesKey });
  };
  const [ready, setReady] = useState<(PreparedDownload & { configId: number })[]>([]);
  const runs = useEventRuns((key, event) => {
    reload();
    // A download event that ended well left an archive: offer it (the link is made on the click).
    const match = /^download:(\d+)$/.exec(key);
    const prepared = match && event.status === 'FINISHED' ? preparedDownload(event.output) : null;
    if (match && prepared) setReady((list) => [...list, { ...prepared, configId: Number(match[1]) }]);
  });
  const fetchDownload = useMutation({
    mutationFn: async (prepared: PreparedDownload & { configId: number }) =>
      startDownload(await backupDownloadLink(serverId, prepared.configId, prepared.file), prepared.file),
  });
  /** Follows an event's output below the header and keeps `key` busy until it ends. */
  const follow = (eventId: number, key?: string) => {
    setOutputEventId(eventId);
    setReveal((count) => count + 1);
    if (key) runs.track(key, eventId);
    reload();
  };

  const run = useMutation({
    mutationFn: ({ config, target }: { config: BackupConfigItem; target: RunBackupRequest }) =>
      runBackup(serverId, config.id, target),
    onSuccess: (answer, { config, target }) => follow(answer.id, runKey(config, target)),
  });
  const verify = useMutation({
    mutationFn: (config: BackupConfigItem) => verifyBackup(serverId, config.id, false),
    onSuccess: (answer, config) => follow(answer.id, `verify:${config.id}`),
  });
  const runAll = useMutation({
    mutationFn: async (list: readonly BackupConfigItem[]) => {
      for (const config of list) follow((await runBackup(serverId, config.id, {})).id, `run:${config.id}`);
    },
  });

  const actions: ConfigActions = {
    run: (config, target) => run.mutate({ config, target }),
    verify: (config) => verify.mutate(config),
    restore: setRestoring,
    download: setDownloading,
    clone: setCloning,
    edit: setEditing,
    remove: setDeleting,
    isRunning: runs.isRunning,
  };
  const list = configs.data ?? [];
  const alerting = list.filter((config) => config.alert);
  const active = list.filter((config) => config.status === 'active');

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.5}>
          <PageTitle>{t('backup.title')}</PageTitle>
          {server && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
              {t('serverPage.section', { name: server.display_name })}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            disabled={active.length === 0}
            loading={runAll.isPending || active.some((config) => runs.isRunning(`run:${config.id}`))}
            onClick={() => runAll.mutate(active)}
            data-testid="backup-run-all"
          >
            {t('backup.actions.backupNow')}
          </Button>
          <Button variant="outlined" onClick={() => setEditing('new')} data-testid="backup-create">
            {t('backup.actions.newConfig')}
          </Button>
          <Button onClick={() => setSyncing(true)} disabled={list.length === 0} data-testid="backup-sync">
            {t('backup.actions.sync')}
          </Button>
        </Stack>
      </Stack>

      {alerting.map((config) => (
        <Alert key={config.id} severity="error" data-testid="backup-alert">
          {t('backup.verification.alert', { drive: config.drive.name })}
        </Alert>
      ))}

      {outputEventId !== null && (
        <Stack spacing={1}>
          <LiveEventOutput
            eventId={outputEventId}
            title={t('backup.output')}
            titleFromEvent
            heading="h2"
            testId="backup-output"
            reveal={reveal}
          />
          <Button size="small" sx={{ alignSelf: 'flex-end' }} onClick={() => setOutputEventId(null)}>
            {t('backup.close')}
          </Button>
        </Stack>
      )}

      {ready.map((prepared) => (
        <Alert
          key={prepared.file}
          severity="success"
          data-testid="backup-download-ready"
          onClose={() => setReady((list) => list.filter((item) => item.file !== prepared.file))}
          action={
            <Button
              size="small"
              loading={fetchDownload.isPending && fetchDownload.variables?.file === prepared.file}
              onClick={() => fetchDownload.mutate(prepared)}
              data-testid="backup-download-file"
            >
              {t('backup.download.fetch')}
            </Button>
          }
        >
          {t('backup.download.ready', {
            file: prepared.file,
            size: formatBytes(prepared.size, i18n.language),
          })}
        </Alert>
      ))}

      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {t('backup.configs.title')}
        </Typography>
        {configs.isPending && <LoadingIndicator />}
        {configs.isError && <Alert severity="error">{t('backup.loadFailed')}</Alert>}
        {configs.data?.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="backup-configs-empty">
            {t('backup.configs.empty')}
          </Typography>
        )}
        {list.map((config) => (
          <ConfigCard
            key={config.id}
            config={config}
            sites={items.sites}
            databases={items.databases}
            serverTimeZone={server?.timezone ?? 'UTC'}
            actions={actions}
          />
        ))}
      </Stack>

      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {t('backup.history.title')}
        </Typography>
        {histories.isPending && <LoadingIndicator />}
        {histories.isError && <Alert severity="error">{t('backup.history.loadFailed')}</Alert>}
        {histories.data && <HistoryTable histories={histories.data} onOutput={(id) => follow(id)} />}
      </Stack>

      <DrivesCard onEvent={(id) => follow(id)} />

      {editing !== null && (
        <ConfigDialog
          open
          serverId={serverId}
          config={editing === 'new' ? null : editing}
          drives={drives.data ?? []}
          sites={items.sites}
          databases={items.databases}
          onClose={() => setEditing(null)}
          onStarted={(id) => follow(id)}
        />
      )}
      {restoring && (
        <RestoreDialog
          open
          serverId={serverId}
          config={restoring}
          sites={items.sites}
          databases={items.databases}
          onClose={() => setRestoring(null)}
          onStarted={(id) => follow(id)}
        />
      )}
      <DownloadDialog
        serverId={serverId}
        config={downloading}
        sites={items.sites}
        databases={items.databases}
        onClose={() => setDownloading(null)}
        onStarted={(id) => {
          if (downloading) follow(id, `download:${downloading.id}`);
        }}
      />
      <CloneDialog
        serverId={serverId}
        config={cloning}
        onClose={() => setCloning(null)}
        onStarted={(id) => follow(id)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('backup.deleteTitle')}
        message={t('backup.deleteConfirm', { drive: deleting?.drive.name ?? '' })}
        confirmLabel={t('backup.actions.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) follow((await deleteBackupConfig(serverId, deleting.id)).id);
        }}
      />
      <ConfirmDialog
        open={syncing}
        title={t('backup.syncTitle')}
        message={t('backup.syncConfirm')}
        confirmLabel={t('backup.actions.sync')}
        onClose={() => setSyncing(false)}
        onConfirm={async () => follow((await syncBackupConfiguration(serverId)).id)}
      />
    </Stack>
  );
}
