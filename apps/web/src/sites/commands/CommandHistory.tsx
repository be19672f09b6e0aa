import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteCommand } from '@hostdeck/contracts';
import { LoadFailure } from '../../components/LoadFailure';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPagination } from '../../pages/ListPagination';
import type { useListPage } from '../../pages/use-list-page';
import { commandListQuery } from '../deployments/deployment-api';
import { commandSummary } from '../deployments/deployment-format';

/** The commands run on the site, newest first and paged, each with its output and a re-run. */
export function CommandHistory({
  siteId,
  listPage,
  shownEventId,
  busy,
  onShowOutput,
  onRerun,
}: {
  siteId: number;
  listPage: ReturnType<typeof useListPage>;
  shownEventId: number | null;
  busy: boolean;
  onShowOutput: (eventId: number) => void;
  onRerun: (command: SiteCommand) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery(commandListQuery(siteId, listPage));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = query.data?.data ?? [];

  return (
    <Paper variant="outlined" data-testid="command-history">
      <Typography variant="h6" component="h2" sx={{ px: 2.5, pt: 2 }}>
        {t('siteCommands.history.title')}
      </Typography>
      {query.isError ? (
        <LoadFailure
          testId="command-history-failure"
          title={t('siteCommands.history.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isSuccess && rows.length === 0 ? (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', p: 2.5 }}
          data-testid="command-history-empty"
        >
          {t('siteCommands.history.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('siteCommands.history.command')}</TableCell>
                <TableCell>{t('siteCommands.history.status')}</TableCell>
                <TableCell>{t('siteCommands.history.user')}</TableCell>
                <TableCell>{t('siteCommands.history.time')}</TableCell>
                <TableCell align="right">{t('siteCommands.history.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((command) => (
                <TableRow
                  key={command.id}
                  data-testid="command-row"
                  selected={command.event_id !== null && command.event_id === shownEventId}
                >
                  <TableCell sx={{ fontFamily: 'monospace', maxWidth: 420 }}>
                    <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{command.command}</span>}>
                      <span data-testid="command-text">{commandSummary(command.command)}</span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={command.status} />
                  </TableCell>
                  <TableCell>{command.user_name ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={command.created_at}>{time.format(new Date(command.created_at))}</time>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {command.event_id !== null && (
                      <Button
                        size="small"
                        onClick={() => onShowOutput(command.event_id!)}
                        data-testid="command-show-output"
                      >
                        {t('siteCommands.history.output')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => onRerun(command)}
                      data-testid="command-rerun"
                    >
                      {t('siteCommands.history.rerun')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination listPage={listPage} total={query.data?.meta.total ?? 0} />
    </Paper>
  );
}
