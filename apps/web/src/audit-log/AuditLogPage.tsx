import DownloadIcon from '@mui/icons-material/Download';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AUDIT_METHODS, type AuditLogEntry, type AuditMethod } from '@hostdeck/contracts';
import { lazyPage } from '../app/lazy-page';
import { routePath } from '../app/route-names';
import { LoadFailure } from '../components/LoadFailure';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { SearchField } from '../components/SearchField';
import { EmptyState } from '../pages/EmptyState';
import { ListPagination } from '../pages/ListPagination';
import { PageTitle } from '../pages/PageTitle';
import { useListPage } from '../pages/use-list-page';
import { useUserTeams } from '../teams/teams-api';
import { actionLabel } from './action-labels';
import { auditLogExportUrl, auditLogQuery, type AuditLogFilters } from './audit-log-api';
import { registerAuditLogCatalogues } from './catalogue';

registerAuditLogCatalogues();

const EventOutputDialog = lazyPage(() =>
  import('../notifications/EventOutputDialog').then((module) => module.EventOutputDialog),
);

/**
 * The audit log (issue 22 point 4): a team's (`/teams/:team/audit-log`, its owner and admins) or
 * the caller's own (`/user/audit-log`, from the profile menu). Filters, pages, the CSV export of
 * the same filters, and each entry's event output in a dialog.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const params = useParams();
  const teamId = params.team === undefined ? null : Number(params.team);
  const teams = useUserTeams();
  const team = teamId === null ? undefined : teams.data?.data.find((candidate) => candidate.id === teamId);
  const listPage = useListPage();
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const [outputEventId, setOutputEventId] = useState<number | null>(null);
  const list = useQuery(
    auditLogQuery(teamId, filters, { page: listPage.page, itemsPerPage: listPage.itemsPerPage }),
  );

  const filter = (change: Partial<AuditLogFilters>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    if (listPage.page !== 1) listPage.setPage(1);
  };
  const people = team ? [team.owner, ...team.users] : [];

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{team ? t('auditLog.teamTitle', { team: team.name }) : t('auditLog.title')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {teamId === null ? t('auditLog.intro') : t('auditLog.teamIntro')}
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <SearchField
          value={filters.search ?? ''}
          onChange={(search) => filter({ search })}
          label={t('auditLog.filters.search')}
          testId="audit-log-search"
        />
        {people.length > 0 && (
          <TextField
            select
            size="small"
            label={t('auditLog.filters.user')}
            value={filters.user ?? ''}
            onChange={(event) =>
              filter({ user: event.target.value ? Number(event.target.value) : undefined })
            }
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': 'audit-log-user' } }}
          >
            <MenuItem value="">{t('auditLog.filters.all')}</MenuItem>
            {people.map((person) => (
              <MenuItem key={person.id} value={person.id}>
                {person.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {team && team.servers.length > 0 && (
          <TextField
            select
            size="small"
            label={t('auditLog.filters.server')}
            value={filters.server ?? ''}
            onChange={(event) =>
              filter({ server: event.target.value ? Number(event.target.value) : undefined })
            }
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('auditLog.filters.all')}</MenuItem>
            {team.servers.map((server) => (
              <MenuItem key={server.id} value={server.id}>
                {server.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={t('auditLog.filters.method')}
          value={filters.method ?? ''}
          onChange={(event) =>
            filter({ method: (event.target.value || undefined) as AuditMethod | undefined })
          }
          sx={{ minWidth: 180 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'audit-log-method' } as object } }}
        >
          <MenuItem value="">{t('auditLog.filters.all')}</MenuItem>
          {AUDIT_METHODS.map((method) => (
            <MenuItem key={method} value={method} data-testid={`audit-log-method-${method}`}>
              {t(`auditLog.filters.methods.${method}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={t('auditLog.filters.from')}
          value={filters.from ?? ''}
          onChange={(event) => filter({ from: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-log-from' } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('auditLog.filters.to')}
          value={filters.to ?? ''}
          onChange={(event) => filter({ to: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-log-to' } }}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={auditLogExportUrl(teamId, filters)}
          download
          data-testid="audit-log-export"
        >
          {t('auditLog.export')}
        </Button>
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? (
        <LoadFailure
          title={t('auditLog.loadFailed')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          testId="audit-log-empty"
          icon={<ManageSearchIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={t('auditLog.empty')}
          hint={t('auditLog.emptyHint')}
        />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="audit-log-table">
              <TableHead>
                <TableRow>
                  {(['time', 'user', 'action', 'object', 'address', 'status', 'event'] as const).map(
                    (column) => (
                      <TableCell key={column}>{t(`auditLog.columns.${column}`)}</TableCell>
                    ),
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.map((entry) => (
                  <AuditLogRow key={entry.id} entry={entry} onOpenEvent={setOutputEventId} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination listPage={listPage} total={list.data.meta.total} />
        </Paper>
      )}
      {outputEventId !== null && (
        <Suspense fallback={null}>
          <EventOutputDialog eventId={outputEventId} onClose={() => setOutputEventId(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

function AuditLogRow({ entry, onOpenEvent }: { entry: AuditLogEntry; onOpenEvent: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const formatTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const who = entry.user
    ? (entry.user.name ?? t('auditLog.deletedUser', { id: entry.user.id }))
    : t('auditLog.unknownUser');
  const refused = entry.status >= 400;
  // The objects other than the server (shown by name): `team #4`, `site #9`.
  const objects = Object.entries(entry.params).filter(([name]) => name !== 'server');
  return (
    <TableRow hover data-testid="audit-log-row" data-route={`${entry.method} ${entry.route}`}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.created_at}>{formatTime.format(new Date(entry.created_at))}</time>
      </TableCell>
      <TableCell>
        <Typography variant="body2">{who}</Typography>
        {entry.user?.email && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {entry.user.email}
          </Typography>
        )}
      </TableCell>
      <TableCell data-testid="audit-log-action">
        <Typography variant="body2">{actionLabel(t, entry)}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
          {entry.method} {entry.route}
        </Typography>
      </TableCell>
      <TableCell>
        {entry.server && (
          <Link component={RouterLink} to={routePath('servers.show', { server: entry.server.id })}>
            {entry.server.name ?? `#${entry.server.id}`}
          </Link>
        )}
        {objects.map(([name, value]) => (
          <Typography key={name} variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {name} {typeof value === 'number' ? `#${value}` : value}
          </Typography>
        ))}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>
        <span title={entry.user_agent ?? undefined}>{entry.ip_address ?? '—'}</span>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={refused ? 'error' : 'success'}
          variant="outlined"
          label={refused ? t('auditLog.failed', { status: entry.status }) : t('auditLog.succeeded')}
        />
      </TableCell>
      <TableCell>
        {entry.event_id !== null ? (
          <Button size="small" onClick={() => onOpenEvent(entry.event_id!)} data-testid="audit-log-event">
            {t('auditLog.openEvent', { id: entry.event_id })}
          </Button>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}
