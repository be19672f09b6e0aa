import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Database, DatabaseDump } from '@hostdeck/contracts/databases';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatBytes } from '../../format/format';
import { dumpDownloadUrl } from './databases-api';

/** Hands a single-use link to the browser's download (no pop-up, so no pop-up blocker). */
function startDownload(url: string, file: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The dumps of one database on the server (kept 3 hours, spec/000 §9): size, date, Download (a
 * single-use link the panel answers, which lives seconds) and Delete (an event).
 */
export function DumpsDialog({
  database,
  serverId,
  isBusy,
  onDelete,
  onClose,
}: {
  database: Database | null;
  serverId: number;
  isBusy: (file: string) => boolean;
  /** Deletes a dump as an event (rejects when it could not start). */
  onDelete: (file: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [deleting, setDeleting] = useState<DatabaseDump | null>(null);
  const download = useMutation({
    mutationFn: async (file: string) => {
      startDownload(await dumpDownloadUrl(serverId, database!.id, file), file);
    },
  });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Dialog
      open={database !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      data-testid="database-dumps-dialog"
    >
      {database && (
        <>
          <DialogTitle>{t('databases.dumps.title', { name: database.name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              {database.dumps.length === 0 ? (
                <DialogContentText data-testid="database-dumps-empty">
                  {t('databases.dumps.none')}
                </DialogContentText>
              ) : (
                <Table size="small" data-testid="database-dumps">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('databases.dumps.file')}</TableCell>
                      <TableCell align="right">{t('databases.dumps.size')}</TableCell>
                      <TableCell>{t('databases.dumps.date')}</TableCell>
                      <TableCell align="right" />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {database.dumps.map((dump) => (
                      <TableRow key={dump.file} data-testid="database-dump" data-file={dump.file}>
                        <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                          {dump.file}
                        </TableCell>
                        <TableCell align="right">{formatBytes(dump.size, i18n.language)}</TableCell>
                        <TableCell>{dateFormat.format(new Date(dump.created_at))}</TableCell>
                        <TableCell align="right">
                          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                            <Button
                              size="small"
                              onClick={() => download.mutate(dump.file)}
                              loading={download.isPending && download.variables === dump.file}
                              data-testid="database-dump-download"
                            >
                              {t('databases.dumps.download')}
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setDeleting(dump)}
                              loading={isBusy(dump.file)}
                              data-testid="database-dump-delete"
                            >
                              {t('databases.dumps.delete')}
                            </Button>
                          </Stack>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('databases.dumps.expiry')}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('databases.dumps.close')}</Button>
          </DialogActions>
          <ConfirmDialog
            open={deleting !== null}
            title={t('databases.dumps.deleteTitle')}
            message={t('databases.dumps.deleteMessage', { file: deleting?.file ?? '' })}
            confirmLabel={t('databases.dumps.delete')}
            destructive
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              if (deleting) await onDelete(deleting.file);
            }}
          />
        </>
      )}
    </Dialog>
  );
}
