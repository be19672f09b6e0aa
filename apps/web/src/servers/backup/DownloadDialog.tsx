import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { BackupConfigItem } from '@hostdeck/contracts/backups';
import { downloadSnapshot } from './backups-api';
import type { BackupItem } from './server-items';
import { SnapshotField } from './SnapshotField';

/**
 * Download one site or database of a snapshot: the server packs it into its downloads folder (an event), the browser gets
 * a single-use link; the archive is removed from the server after 3 hours.
 */
export function DownloadDialog({
  serverId,
  config,
  sites,
  databases,
  onClose,
  onStarted,
}: {
  serverId: number;
  config: BackupConfigItem | null;
  sites: readonly BackupItem[];
  databases: readonly BackupItem[];
  onClose: () => void;
  onStarted: (eventId: number) => void;
}) {
  return (
    <ActionDialog open={config !== null} onClose={onClose}>
      {config && (
        <DownloadForm
          serverId={serverId}
          config={config}
          sites={sites}
          databases={databases}
          onClose={onClose}
          onStarted={onStarted}
        />
      )}
    </ActionDialog>
  );
}

function DownloadForm({
  serverId,
  config,
  sites,
  databases,
  onClose,
  onStarted,
}: {
  serverId: number;
  config: BackupConfigItem;
  sites: readonly BackupItem[];
  databases: readonly BackupItem[];
  onClose: () => void;
  onStarted: (eventId: number) => void;
}) {
  const { t } = useTranslation();
  const [snapshot, setSnapshot] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const choices = [
    ...sites
      .filter((site) => config.site_ids.includes(site.id))
      .map((site) => ({
        key: `site:${site.id}`,
        label: t('backup.download.siteChoice', { name: site.name }),
      })),
    ...databases
      .filter((database) => config.database_ids.includes(database.id))
      .map((database) => ({
        key: `database:${database.id}`,
        label: t('backup.download.databaseChoice', { name: database.name, engine: database.detail }),
      })),
  ];
  const [what, setWhat] = useState(choices[0]?.key ?? '');
  const start = useMutation({
    mutationFn: () => {
      const [kind, id] = what.split(':');
      return downloadSnapshot(
        serverId,
        config.id,
        snapshot,
        kind === 'site' ? { site_id: Number(id) } : { database_id: Number(id) },
      );
    },
    onSuccess: (answer) => {
      onClose();
      onStarted(answer.id);
    },
  });
  return (
    <ActionDialogFrame
      form
      title={t('backup.download.title')}
      submitLabel={t('backup.download.submit')}
      submitTestId="backup-download-submit"
      busy={start.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (snapshot === '' || what === '') setProblem(t('validation.required'));
        else if (!start.isPending) start.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <SnapshotField
          serverId={serverId}
          configId={config.id}
          value={snapshot}
          onChange={(value) => {
            setSnapshot(value);
            setProblem(undefined);
          }}
          error={snapshot === '' ? problem : undefined}
        />
        <TextField
          select
          name="what"
          label={t('backup.download.what')}
          value={what}
          onChange={(event) => setWhat(event.target.value)}
          error={what === '' && problem !== undefined}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-download-what' } }}
        >
          {choices.map((choice) => (
            <MenuItem key={choice.key} value={choice.key}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        <Alert severity="info">{t('backup.download.help')}</Alert>
      </Stack>
    </ActionDialogFrame>
  );
}
