import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BACKUP_HISTORY_STATES, type BackupHistoryState } from '@hostdeck/contracts/backups';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { formatBytes } from '../format/format';
import { PageTitle } from '../pages/PageTitle';
import { serverSearchQuery } from '../servers/server-api';
import { allBackupHistoriesQuery } from './backups-api';
import { registerBackupsCatalogues } from './catalogue';
import { failedParts, failedPartsText, formatDuration } from '../format/backup-history';
import { BackupStateChip } from '../servers/backup/BackupStateChip';

registerBackupsCatalogues();

const PAGE_SIZES = [20, 50, 100];

/**
 * `/servers/backups` (spec/000 §2): every backup run of the user's servers, newest first, with
 * its state (and what failed), size, duration and files, filtered by server and state.
 */
export function BackupsPage() {
  const { t, i18n } = useTranslation();
  const [server, setServer] = useState<number | ''>('');
  const [state, setState] = useState<BackupHistoryState | ''>('');
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(PAGE_SIZES[0]!);
  const servers = useQuery(serverSearchQuery({ page: 1, itemsPerPage: 100 }));
  const histories = useQuery(
    allBackupHistoriesQuery({
      page,
      itemsPerPage,
      ...(server === '' ? {} : { server }),
      ...(state === '' ? {} : { state }),
    }),
  );
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  const rows = histories.data?.data ?? [];

  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.backups')}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('allBackups.filters.server')}
          value={server}
          onChange={(event) => {
            setServer(event.target.value === '' ? '' : Number(event.target.value));
            setPage(1);
          }}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'backups-filter-server' } }}
        >
          <MenuItem value="">{t('allBackups.filters.allServers')}</MenuItem>
          {(servers.data?.data ?? []).map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {item.display_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('allBackups.filters.state')}
          value={state}
          onChange={(event) => {
            setState(event.target.value as BackupHistoryState | '');
            setPage(1);
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'backups-filter-state' } }}
        >
          <MenuItem value="">{t('allBackups.filters.allStates')}</MenuItem>
          {BACKUP_HISTORY_STATES.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`allBackups.states.${item}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {histories.isPending && <LoadingIndicator />}
      {histories.isError && <Alert severity="error">{t('allBackups.loadFailed')}</Alert>}
      {histories.data && (
        <Paper>
          <TableContainer>
            <Table size="small" aria-label={t('pageTitles.backups')} data-testid="backups-list">
              <TableHead>
                <TableRow>
                  <TableCell>{t('allBackups.columns.started')}</TableCell>
                  <TableCell>{t('allBackups.columns.server')}</TableCell>
                  <TableCell>{t('allBackups.columns.drive')}</TableCell>
                  <TableCell>{t('allBackups.columns.state')}</TableCell>
                  <TableCell align="right">{t('allBackups.columns.size')}</TableCell>
                  <TableCell align="right">{t('allBackups.columns.duration')}</TableCell>
                  <TableCell align="right">{t('allBackups.columns.files')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7}>{t('allBackups.empty')}</TableCell>
                  </TableRow>
                )}
                {rows.map((history) => {
                  const failed = failedPartsText(failedParts(history));
                  return (
                    <TableRow key={history.id} data-testid="backups-row" data-state={history.state}>
                      <TableCell>{dateFormat.format(new Date(history.started_at))}</TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/servers/${history.server_id}/backup`}>
                          {history.server_name}
                        </Link>
                      </TableCell>
                      <TableCell>{history.drive_name ?? '—'}</TableCell>
                      <TableCell>
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                          <BackupStateChip
                            state={history.state}
                            label={t(`allBackups.states.${history.state}`)}
                            testId="backups-state"
                          />
                          {(history.state === 'partial' || history.state === 'failed') && failed !== '' && (
                            <Typography variant="caption" sx={{ color: 'error.main' }}>
                              {t('allBackups.failedParts', { parts: failed })}
                            </Typography>
                          )}
                          {history.error && (
                            <Typography variant="caption" sx={{ color: 'error.main' }}>
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
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={histories.data.meta.total}
            page={page - 1}
            rowsPerPage={itemsPerPage}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setItemsPerPage(Number(event.target.value));
              setPage(1);
            }}
            labelRowsPerPage={t('allBackups.rowsPerPage')}
          />
        </Paper>
      )}
    </Stack>
  );
}
