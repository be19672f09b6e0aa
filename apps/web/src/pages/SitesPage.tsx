import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { SiteSummary } from '@hostdeck/contracts';
import { routePath } from '../app/route-names';
import { parseRecordId } from '../app/route-params';
import { LoadFailure } from '../components/LoadFailure';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { openSiteCreateDialog } from '../components/site-create-dialog-store';
import { subscribeRealtime } from '../realtime/realtime-bus';
import { SearchField } from '../components/SearchField';
import { useUrlSearch } from '../hooks/use-url-search';
import { SITE_LISTS_KEY, siteSearchQuery } from '../sites/site-api';
import { SiteFavoriteButton, SiteStatusChip } from '../sites/SiteBadges';
import { SiteEnabledSwitch } from '../sites/SiteEnabledSwitch';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';
import { PageHeader } from './PageHeader';
import { useListPage } from './use-list-page';
import { useRouteServer } from './use-route-server';

/**
 * `/sites` (the user's sites, GET api/sites) and `/servers/{server}/sites` (one server's,
 * GET api/servers/{server}/sites): favourites, a server-side search and pages of 5/10/15/50.
 * Update-data `sites` reloads the list (realtime-effects), and so does an Event-status about one
 * of the sites shown (created, toggled, deleted).
 */
export function SitesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const serverId = parseRecordId(useParams().server) ?? undefined;
  const { data: server } = useRouteServer();
  const listPage = useListPage();
  const { page, itemsPerPage } = listPage;
  const search = useUrlSearch();
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...siteSearchQuery({ page, itemsPerPage, search: search.committed, serverId }),
    placeholderData: keepPreviousData,
  });
  const shownIds = data?.data.map((site) => site.id).join(',') ?? '';

  useEffect(() => {
    const ids = new Set(shownIds.split(',').filter(Boolean).map(Number));
    return subscribeRealtime((message) => {
      if (message.type === 'Event-status' && ids.has(message.event.site_id ?? 0)) {
        void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
      }
    });
  }, [shownIds, queryClient]);

  const empty = !isPending && !isError && data.data.length === 0;
  const searching = search.committed.trim() !== '';
  const title =
    serverId === undefined
      ? t('pageTitles.sites')
      : t('sites.list.serverTitle', { name: server?.display_name ?? `#${serverId}` });

  return (
    <Stack spacing={3}>
      <PageHeader title={title}>
        <Button
          variant="contained"
          startIcon={<AddCircleOutlineIcon />}
          onClick={() => openSiteCreateDialog(serverId)}
          data-testid="site-list-create"
        >
          {t('sites.create.title')}
        </Button>
      </PageHeader>
      <SearchField
        value={search.text}
        onChange={search.change}
        label={t('sites.list.search')}
        testId="site-search"
      />
      {isPending ? (
        <LoadingIndicator />
      ) : isError ? (
        // A list that failed to load says so (never empty), with the reason and a retry.
        <LoadFailure
          testId="sites-failure"
          title={t('sites.list.loadFailed')}
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : empty && !searching ? (
        <EmptyState
          testId="sites-empty"
          icon={<LanguageOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={t('sites.list.empty')}
          hint={t('sites.list.emptyHint')}
        />
      ) : (
        <Paper variant="outlined">
          {empty ? (
            <Typography
              sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}
              data-testid="sites-no-match"
            >
              {t('sites.list.noMatch', { search: search.committed })}
            </Typography>
          ) : (
            <SiteTable sites={data.data} showServer={serverId === undefined} />
          )}
          <ListPagination listPage={listPage} total={data.meta.total} />
        </Paper>
      )}
    </Stack>
  );
}

function SiteTable({ sites, showServer }: { sites: SiteSummary[]; showServer: boolean }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table data-testid="sites-table">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t('sites.list.columnName')}</TableCell>
            {showServer && <TableCell>{t('sites.list.columnServer')}</TableCell>}
            <TableCell>{t('sites.list.columnType')}</TableCell>
            <TableCell>{t('sites.list.columnStatus')}</TableCell>
            <TableCell>{t('sites.list.columnEnabled')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sites.map((site) => (
            <TableRow key={site.id} hover data-testid="site-row" data-site={site.name}>
              <TableCell padding="checkbox">
                <SiteFavoriteButton siteId={site.id} isFavorite={site.is_favorite} />
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Link
                    component={RouterLink}
                    to={routePath('sites.show', { site: site.id })}
                    data-testid="site-link"
                  >
                    {site.display_name}
                  </Link>
                  {site.site_id !== null && (
                    <Chip size="small" variant="outlined" label={t('sites.list.alias')} />
                  )}
                </Stack>
                {site.display_name !== site.name && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {site.name}
                  </Typography>
                )}
              </TableCell>
              {showServer && (
                <TableCell>
                  <Link component={RouterLink} to={routePath('servers.show', { server: site.server_id })}>
                    {site.server_name}
                  </Link>
                </TableCell>
              )}
              <TableCell>{site.code_type ?? t('sites.list.noCode')}</TableCell>
              <TableCell>
                <SiteStatusChip status={site.status} />
              </TableCell>
              <TableCell>
                <SiteEnabledSwitch
                  siteId={site.id}
                  enabled={site.enabled}
                  disabled={site.status !== 'active'}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
