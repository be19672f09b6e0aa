import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { snapshotsQuery } from './backups-api';

/** The configuration's snapshots, newest first (read from the drive through the server). */
export function SnapshotField({
  serverId,
  configId,
  value,
  onChange,
  error,
}: {
  serverId: number;
  configId: number;
  value: string;
  onChange: (snapshot: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const snapshots = useQuery(snapshotsQuery(serverId, configId));
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const sorted = [...(snapshots.data ?? [])].sort((a, b) => b.time.localeCompare(a.time));
  return (
    <TextField
      select
      name="snapshot_id"
      label={t('backup.snapshot.label')}
      value={sorted.some((snapshot) => snapshot.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined || snapshots.isError}
      helperText={
        error ??
        (snapshots.isPending
          ? t('backup.snapshot.loading')
          : snapshots.isError
            ? t('backup.snapshot.loadFailed')
            : sorted.length === 0
              ? t('backup.snapshot.none')
              : undefined)
      }
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': 'backup-snapshot' } }}
    >
      {sorted.map((snapshot) => (
        <MenuItem key={snapshot.id} value={snapshot.id} data-testid="backup-snapshot-option">
          {dateFormat.format(new Date(snapshot.time))} · {snapshot.short_id}
        </MenuItem>
      ))}
    </TextField>
  );
}
