import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../format/format';
import type { BackupHistoryItem } from '@hostdeck/contracts/backups';
import { BackupStateChip } from './BackupStateChip';
import { databasesText, failedParts, failedPartsText, formatDuration } from '../../format/backup-history';

/** The server's runs, newest first: state (and what failed), size, duration, files, databases. */
export function HistoryTable({
  histories,
  onOutput,
}: {
  histories: readonly BackupHistoryItem[];
  onOutput: (eventId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label={t('backup.history.title')} data-testid="backup-history">
        <TableHead>
          <TableRow>
            <TableCell>{t('backup.history.started')}</TableCell>
            <TableCell>{t('backup.history.drive')}</TableCell>
            <TableCell>{t('backup.history.trigger')}</TableCell>
            <TableCell>{t('backup.history.state')}</TableCell>
            <TableCell align="right">{t('backup.history.size')}</TableCell>
            <TableCell align="right">{t('backup.history.duration')}</TableCell>
            <TableCell align="right">{t('backup.history.files')}</TableCell>
            <TableCell align="right">{t('backup.history.databases')}</TableCell>
            <TableCell align="right">{t('backup.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {histories.length === 0 && (
            <TableRow>
              <TableCell colSpan={9}>{t('backup.history.empty')}</TableCell>
            </TableRow>
          )}
          {histories.map((history) => {
            const failed = failedParts(history);
            return (
              <TableRow key={history.id} data-testid="backup-history-row" data-state={history.state}>
                <TableCell>{dateFormat.format(new Date(history.started_at))}</TableCell>
                <TableCell>{history.drive_name ?? '—'}</TableCell>
                <TableCell>{t(`backup.triggers.${history.trigger}`)}</TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <BackupStateChip state={history.state} />
                    {(history.state === 'partial' || history.state === 'failed') && failed.length > 0 && (
                      <Typography
                        variant="caption"
                        sx={{ color: 'error.main' }}
                        data-testid="backup-failed-parts"
                      >
                        {t('backup.history.failedParts', { parts: failedPartsText(failed) })}
                      </Typography>
                    )}
                    {history.error && (
                      <Typography variant="caption" sx={{ color: 'error.main' }} data-testid="backup-error">
                        {history.error}
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
                <TableCell align="right">
                  {history.size_bytes === null ? '—' : formatBytes(history.size_bytes, i18n.language)}
                </TableCell>
                <TableCell align="right">{formatDuration(history.duration_ms)}</TableCell>
                <TableCell align="right">
                  {history.files === null ? '—' : number.format(history.files)}
                </TableCell>
                <TableCell align="right">{databasesText(history)}</TableCell>
                <TableCell align="right">
                  {history.event_id !== null && (
                    <Button
                      size="small"
                      onClick={() => onOutput(history.event_id!)}
                      data-testid="backup-history-output"
                    >
                      {t('backup.history.output')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
