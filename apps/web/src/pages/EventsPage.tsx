import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { eventListQuery } from '../api/panel-queries';
import { StatusBadge } from '../components/StatusBadge';
import { PaginatedListPage } from './PaginatedListPage';

/** `/servers/events`: everything the panel did on the user's servers, newest first (GET api/events). */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const formatTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <PaginatedListPage
      title={t('pageTitles.events')}
      listQuery={eventListQuery}
      emptyState={{
        icon: HistoryOutlinedIcon,
        title: t('eventList.empty'),
        hint: t('eventList.emptyHint'),
        loadFailed: t('eventList.loadFailed'),
      }}
      columns={[
        t('eventList.columnDescription'),
        t('eventList.columnStatus'),
        t('eventList.columnUser'),
        t('eventList.columnTime'),
      ]}
      renderCells={(event) => (
        <>
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
        </>
      )}
      testIds={{ empty: 'events-empty', table: 'events-table', row: 'event-row' }}
    />
  );
}
