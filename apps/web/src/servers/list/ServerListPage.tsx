import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_PREFERENCES, type Preferences } from '@hostdeck/contracts';
import { routePath } from '../../app/route-names';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { ListPagination } from '../../pages/ListPagination';
import { PageHeader } from '../../pages/PageHeader';
import { useListPage } from '../../pages/use-list-page';
import { subscribeRealtime } from '../../realtime/realtime-bus';
import { useCurrentUser } from '../../session/use-current-user';
import { usePersistPreferences } from '../../shell/user-preferences';
import { ColumnsMenu } from '../../components/ColumnsMenu';
import { serverSearchQuery } from '../server-api';
import { ServerGrid } from './ServerGrid';
import { ServerTable } from './ServerTable';
import { useUrlSearch } from '../../hooks/use-url-search';
import { SearchField } from '../../components/SearchField';

type ListView = Preferences['server_list_view'];

/**
 * `/servers` (all-server): the servers the user owns or reaches through a team, as a table or a
 * grid (remembered per user), with favourites, a server-side search and pages of 5/10/15/50.
 * Statuses stay live: Update-data `servers` reloads the list (realtime-effects), and so does an
 * Event-status about one of the servers shown.
 */
export function ServerListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const preferences = user?.preferences ?? DEFAULT_PREFERENCES;
  const persist = usePersistPreferences();
  const [view, setView] = useState<ListView>(preferences.server_list_view);
  const listPage = useListPage();
  const { page, itemsPerPage } = listPage;
  const search = useUrlSearch();
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...serverSearchQuery({ page, itemsPerPage, search: search.committed }),
    placeholderData: keepPreviousData,
  });
  const shownIds = data?.data.map((server) => server.id).join(',') ?? '';

  useEffect(() => {
    const ids = new Set(shownIds.split(',').filter(Boolean).map(Number));
    return subscribeRealtime((message) => {
      if (message.type === 'Event-status' && ids.has(message.event.server_id ?? 0)) {
        void queryClient.invalidateQueries({ queryKey: ['servers', 'list'] });
      }
    });
  }, [shownIds, queryClient]);

  const columns = {
    cost: preferences.table_options.columns.invoice_price?.visible ?? true,
    protection: preferences.table_options.columns.protected?.visible ?? true,
  };
  const chooseView = (next: ListView | null) => {
    if (next === null || next === view) return;
    setView(next);
    persist({ server_list_view: next });
  };
  const empty = !isPending && !isError && data.data.length === 0;
  const searching = search.committed.trim() !== '';

  return (
    <Stack spacing={3}>
      <PageHeader title={t('servers.title')}>
        <Button
          component={RouterLink}
          to={routePath('servers.create')}
          variant="contained"
          startIcon={<AddCircleOutlineIcon />}
          data-testid="server-list-connect"
        >
          {t('menu.connectServer')}
        </Button>
      </PageHeader>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SearchField
          value={search.text}
          onChange={search.change}
          label={t('serverList.search')}
          testId="server-search"
        />
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' }, alignItems: 'center' }}>
          {view === 'list' && <ColumnsMenu preferences={preferences} />}
          <ToggleButtonGroup
            exclusive
            size="small"
            value={view}
            onChange={(_event, next: ListView | null) => chooseView(next)}
            aria-label={t('serverList.view')}
          >
            <ToggleButton
              value="list"
              aria-label={t('serverList.viewTable')}
              data-testid="server-list-view-table"
            >
              <ViewListIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton
              value="grid"
              aria-label={t('serverList.viewGrid')}
              data-testid="server-list-view-grid"
            >
              <GridViewIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      {isPending ? (
        <LoadingIndicator />
      ) : isError ? (
        // A list that failed to load says so (never empty), with the reason and a retry.
        <LoadFailure
          testId="servers-failure"
          title={t('servers.loadFailed')}
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : empty && !searching ? (
        <NoServers />
      ) : (
        <Paper variant="outlined">
          {empty ? (
            <Typography
              sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}
              data-testid="servers-no-match"
            >
              {t('serverList.noMatch', { search: search.committed })}
            </Typography>
          ) : view === 'list' ? (
            <ServerTable servers={data.data} columns={columns} />
          ) : (
            <ServerGrid servers={data.data} columns={columns} />
          )}
          <ListPagination listPage={listPage} total={data.meta.total} />
        </Paper>
      )}
    </Stack>
  );
}

function NoServers() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="servers-empty">
      <DnsOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {t('servers.empty')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('serverList.emptyHint')}
      </Typography>
      <Button
        component={RouterLink}
        to={routePath('servers.create')}
        variant="contained"
        startIcon={<AddCircleOutlineIcon />}
        data-testid="servers-empty-connect"
      >
        {t('menu.connectServer')}
      </Button>
    </Paper>
  );
}
