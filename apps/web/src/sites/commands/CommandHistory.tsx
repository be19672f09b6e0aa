import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteCommand } from '@hostdeck/contracts';
import { EventHistoryTable } from '../../components/EventHistoryTable';
import { StatusBadge } from '../../components/StatusBadge';
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

  return (
    <EventHistoryTable
      testId="command-history"
      title={t('siteCommands.history.title')}
      failureTitle={t('siteCommands.history.loadFailed')}
      emptyText={t('siteCommands.history.empty')}
      query={query}
      listPage={listPage}
      headings={[
        t('siteCommands.history.command'),
        t('siteCommands.history.status'),
        t('siteCommands.history.user'),
        t('siteCommands.history.time'),
        t('siteCommands.history.actions'),
      ]}
    >
      {(rows) =>
        rows.map((command) => (
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
        ))
      }
    </EventHistoryTable>
  );
}
