import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import TerminalIcon from '@mui/icons-material/Terminal';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Event } from '@hostdeck/contracts';
import { eventListQuery } from '../api/panel-queries';
import { lazyPage } from '../app/lazy-page';
import { routePath } from '../app/route-names';
import { StatusBadge } from '../components/StatusBadge';
import { eventDescription, eventErrorLine } from '../notifications/event-text';
import { PaginatedListPage } from './PaginatedListPage';

const EventOutputDialog = lazyPage(() =>
  import('../notifications/EventOutputDialog').then((module) => module.EventOutputDialog),
);

/**
 * `/servers/events`: everything the panel did on the user's servers, newest first (GET api/events),
 * each with the server and site it concerns and its output (live while it runs) in a dialog.
 */
export function EventsPage() {
  const { t, i18n } = useTranslation();
  const formatTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const [outputEventId, setOutputEventId] = useState<number | null>(null);

  return (
    <>
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
          t('eventList.columnServer'),
          t('eventList.columnSite'),
          t('eventList.columnStatus'),
          t('eventList.columnUser'),
          t('eventList.columnTime'),
          t('eventList.columnOutput'),
        ]}
        renderCells={(event) => (
          <>
            <TableCell data-event-id={event.id}>
              <Typography variant="body2">{eventDescription(t, event)}</Typography>
              {event.error_reason && (
                <Typography variant="caption" sx={{ color: 'error.main' }} data-testid="event-error">
                  {eventErrorLine(t, event)}
                </Typography>
              )}
            </TableCell>
            <TableCell data-testid="event-server">
              <Place event={event} kind="server" />
            </TableCell>
            <TableCell data-testid="event-site">
              <Place event={event} kind="site" />
            </TableCell>
            <TableCell>
              <StatusBadge status={event.status} output={event.output} />
            </TableCell>
            <TableCell>{event.user_name ?? t('eventList.system')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <time dateTime={event.created_at}>{formatTime.format(new Date(event.created_at))}</time>
            </TableCell>
            <TableCell>
              <Button
                size="small"
                startIcon={<TerminalIcon />}
                onClick={() => setOutputEventId(event.id)}
                data-testid="event-output"
              >
                {t('eventList.output')}
              </Button>
            </TableCell>
          </>
        )}
        testIds={{ empty: 'events-empty', table: 'events-table', row: 'event-row' }}
      />
      {outputEventId !== null && (
        <Suspense fallback={null}>
          <EventOutputDialog eventId={outputEventId} onClose={() => setOutputEventId(null)} />
        </Suspense>
      )}
    </>
  );
}

/** A link to the event's server or site; its id when it has since been deleted; a dash without one. */
function Place({ event, kind }: { event: Event; kind: 'server' | 'site' }) {
  const id = kind === 'server' ? event.server_id : event.site_id;
  const name = kind === 'server' ? event.server_name : event.site_name;
  if (id === null) return '—';
  if (name === null) return `#${id}`;
  const to =
    kind === 'server' ? routePath('servers.show', { server: id }) : routePath('sites.show', { site: id });
  return (
    <Link component={RouterLink} to={to} data-testid={`event-${kind}-link`}>
      {name}
    </Link>
  );
}
