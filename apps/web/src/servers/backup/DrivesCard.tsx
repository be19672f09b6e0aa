import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import type { BackupDriveItem } from '@hostdeck/contracts/backups';
import { backupDrivesQuery, deleteDrive, drivesKey, probeDrive } from './backups-api';
import { DriveDialog } from './DriveDialog';
import { hasPublicKey } from './drive-form';

/** Where a drive writes, in one line (never a secret). */
function driveWhere(drive: BackupDriveItem): string {
  switch (drive.kind) {
    case 's3':
      return [drive.endpoint?.replace(/\/$/, ''), drive.bucket, drive.path].filter(Boolean).join('/');
    case 'sftp':
      return `${drive.user ?? ''}@${drive.host ?? ''}:${drive.port ?? 22} ${drive.path ?? ''}`;
    default:
      return drive.path ?? '';
  }
}

/** The user's drives (shared by all their servers): add, edit, delete; the public key to copy. */
export function DrivesCard({ onEvent }: { onEvent: (eventId: number) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const probe = useMutation({
    mutationFn: (drive: BackupDriveItem) => probeDrive(drive.id),
    onSuccess: (answer) => onEvent(answer.id),
  });
  const drives = useQuery(backupDrivesQuery());
  const [editing, setEditing] = useState<BackupDriveItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BackupDriveItem | null>(null);
  const [keyShown, setKeyShown] = useState<BackupDriveItem | null>(null);

  return (
    <Stack spacing={1} data-testid="backup-drives">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('backup.drives.title')}
        </Typography>
        <Button onClick={() => setEditing('new')} data-testid="backup-drive-add">
          {t('backup.drives.add')}
        </Button>
      </Stack>
      {drives.isPending && <LoadingIndicator />}
      {drives.isError && <Alert severity="error">{t('backup.drives.loadFailed')}</Alert>}
      {drives.data && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={t('backup.drives.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('backup.drives.name')}</TableCell>
                <TableCell>{t('backup.drives.kind')}</TableCell>
                <TableCell>{t('backup.drives.where')}</TableCell>
                <TableCell>{t('backup.drives.check')}</TableCell>
                <TableCell align="right">{t('backup.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {drives.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{t('backup.drives.empty')}</TableCell>
                </TableRow>
              )}
              {drives.data.map((drive) => (
                <TableRow key={drive.id} data-testid={`backup-drive-row-${drive.id}`}>
                  <TableCell>{drive.name}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{t(`backup.drives.kinds.${drive.kind}`)}</span>
                      {drive.not_a_backup && (
                        <Chip size="small" color="warning" label={t('backup.drives.notABackup')} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {driveWhere(drive)}
                  </TableCell>
                  <TableCell data-testid="backup-drive-check">
                    {drive.check_error ? (
                      <Typography variant="body2" sx={{ color: 'error.main' }}>
                        {t('backup.drives.checkFailed', { error: drive.check_error })}
                      </Typography>
                    ) : drive.checked_at ? (
                      t('backup.drives.checkedAt', { time: dateFormat.format(new Date(drive.checked_at)) })
                    ) : (
                      t('backup.drives.notChecked')
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                      {hasPublicKey(drive.kind) && drive.public_key && (
                        <Button size="small" onClick={() => setKeyShown(drive)}>
                          {t('backup.drives.publicKey')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        loading={probe.isPending && probe.variables?.id === drive.id}
                        onClick={() => probe.mutate(drive)}
                        data-testid={`backup-drive-probe-${drive.id}`}
                      >
                        {t('backup.drives.probe')}
                      </Button>
                      <Button size="small" onClick={() => setEditing(drive)}>
                        {t('backup.actions.edit')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(drive)}>
                        {t('backup.actions.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {keyShown?.public_key && (
        <Alert
          severity="info"
          onClose={() => setKeyShown(null)}
          data-testid="backup-drive-public-key"
          action={
            <Button
              size="small"
              onClick={() =>
                void navigator.clipboard
                  .writeText(keyShown.public_key!)
                  .then(() => notifySuccess(t('backup.drives.copied')))
              }
            >
              {t('backup.drives.copy')}
            </Button>
          }
        >
          <Typography variant="body2">
            {t(`backup.drives.publicKeyHelp.${keyShown.kind === 'server' ? 'server' : 'sftp'}`)}
          </Typography>
          <Box
            component="pre"
            sx={{ m: 0, mt: 1, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {keyShown.public_key}
          </Box>
        </Alert>
      )}
      {editing !== null && (
        <DriveDialog
          open
          drive={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, probeEventId) => {
            if (hasPublicKey(saved.kind) && saved.public_key) setKeyShown(saved);
            if (probeEventId !== null) onEvent(probeEventId);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('backup.drives.deleteTitle')}
        message={
          deleting && deleting.configs_count > 0
            ? t('backup.drives.deleteInUse', { name: deleting.name, count: deleting.configs_count })
            : t('backup.drives.deleteConfirm', { name: deleting?.name ?? '' })
        }
        confirmLabel={t('backup.actions.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await deleteDrive(deleting.id);
          await queryClient.invalidateQueries({ queryKey: drivesKey });
        }}
      />
    </Stack>
  );
}
