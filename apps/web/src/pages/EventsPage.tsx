import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { eventListQuery } from '../api/panel-queries';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { StatusBadge } from '../components/StatusBadge';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';
import { PageTitle } from './PageTitle';
import { useListPage } from './use-list-page';

/** `/servers/events`: everything the panel did on the user's servers, newest first (GET api/events). */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const { page, itemsPerPage, setPage, setItemsPerPage } = useListPage();
  const { data, isPending, isError, refetch } = useQuery({
    ...eventListQuery({ page, itemsPerPage }),
    placeholderData: keepPreviousData,
  });
  const formatTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.events')}</PageTitle>
      {isPending ? (
        <LoadingIndicator />
      ) : isError || data.data.length === 0 ? (
        <EmptyState
          testId="events-empty"
          icon={<HistoryOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={isError ? t('eventList.loadFailed') : t('eventList.empty')}
          hint={isError ? undefined : t('eventList.emptyHint')}
          onRetry={isError ? () => void refetch() : undefined}
        />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table data-testid="events-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('eventList.columnDescription')}</TableCell>
                  <TableCell>{t('eventList.columnStatus')}</TableCell>
                  <TableCell>{t('eventList.columnUser')}</TableCell>
                  <TableCell>{t('eventList.columnTime')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((event) => (
                  <TableRow key={event.id} hover data-testid="event-row">
                    <TableCell>
                      <Typography variant="body2">{event.description}</Typography>
                      {event.error_reason && (
                        <Typography variant="caption" sx={{ color: 'error.main' }}>
                          {event.error_reason}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={event.status} output={event.output} />
                    </TableCell>
                    <TableCell>{event.user_name ?? t('eventList.system')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={event.created_at}>{formatTime.format(new Date(event.created_at))}</time>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination
            page={page}
            itemsPerPage={itemsPerPage}
            total={data.meta.total}
            onPageChange={setPage}
            onItemsPerPageChange={setItemsPerPage}
          />
        </Paper>
      )}
    </Stack>
  );
}
