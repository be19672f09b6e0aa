import AppsIcon from '@mui/icons-material/Apps';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Fragment, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applicationsSection, type Application } from '@hostdeck/contracts/applications';
import { lazyPage } from '../../app/lazy-page';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { ApplicationRow, type RowAction } from './ApplicationRow';
import { applicationDisplayName, groupApplications, parseApplicationFilters } from './applications';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSectionList } from '../../server-sections/use-server-section';
import { useApplicationActions } from './use-application-actions';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { useUrlSearch } from '../../hooks/use-url-search';
import { SearchField } from '../../components/SearchField';

const EventOutputDialog = lazyPage(() =>
  import('../../notifications/EventOutputDialog').then((module) => module.EventOutputDialog),
);

/**
 * `/servers/{server}/applications` (servers.applications, spec/000 §2, §3 Application): what is
 * installed on the server as read from it, by group, with install, uninstall, start, stop, restart
 * and auto-restart. Each action is an event: its row stays busy until the event ends, then the
 * list is read from the server again. The filters `installed=no` and `search` live in the URL.
 */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseApplicationFilters(searchParams);
  const search = useUrlSearch();
  const list = useSectionList(applicationsSection, serverId, filters);
  const [uninstalling, setUninstalling] = useState<Application | null>(null);
  const [outputEventId, setOutputEventId] = useState<number | null>(null);
  // When an action's event ends, every copy (filtered or not, the side menu's) is read again.
  const actions = useApplicationActions(serverId);

  const setInstalledFilter = (value: 'all' | 'yes' | 'no' | null) => {
    if (value === null) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all') next.delete('installed');
        else next.set('installed', value);
        return next;
      },
      { replace: true },
    );
  };

  const onAction = (application: Application, action: RowAction) => {
    if (action === 'uninstall') setUninstalling(application);
    else void actions.run(application, action);
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('applications.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SearchField
          value={search.text}
          onChange={search.change}
          label={t('applications.search')}
          testId="applications-search"
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filters.installed ?? 'all'}
          onChange={(_event, value: 'all' | 'yes' | 'no' | null) => setInstalledFilter(value)}
          aria-label={t('applications.filter')}
          sx={{ ml: { sm: 'auto' } }}
        >
          <ToggleButton value="all" data-testid="applications-filter-all">
            {t('applications.filterAll')}
          </ToggleButton>
          <ToggleButton value="yes" data-testid="applications-filter-installed">
            {t('applications.filterInstalled')}
          </ToggleButton>
          <ToggleButton value="no" data-testid="applications-filter-available">
            {t('applications.filterAvailable')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {list.error.message || t('applications.loadFailed')}
        </Alert>
      ) : list.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="applications-empty">
          <AppsIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography>{t('applications.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table data-testid="applications-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('applications.columnName')}</TableCell>
                  <TableCell>{t('applications.columnVersion')}</TableCell>
                  <TableCell>{t('applications.columnState')}</TableCell>
                  <TableCell>{t('applications.columnAutoRestart')}</TableCell>
                  <TableCell align="right">{t('applications.columnActions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groupApplications(list.data).map(({ group, applications }) => (
                  <Fragment key={group}>
                    <TableRow data-testid="application-group" data-group={group}>
                      <TableCell colSpan={5} sx={{ bgcolor: 'action.hover', py: 1 }}>
                        <Typography variant="overline">{t(`applications.groups.${group}`)}</Typography>
                      </TableCell>
                    </TableRow>
                    {applications.map((application) => (
                      <ApplicationRow
                        key={application.id}
                        application={application}
                        busy={actions.isBusy(application.id)}
                        onAction={(action) => onAction(application, action)}
                        onShowOutput={setOutputEventId}
                      />
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {outputEventId !== null && (
        <Suspense fallback={null}>
          <EventOutputDialog eventId={outputEventId} onClose={() => setOutputEventId(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={uninstalling !== null}
        title={t('applications.uninstallTitle', {
          name: uninstalling ? applicationDisplayName(uninstalling, t) : '',
        })}
        message={t('applications.uninstallConfirm', {
          name: uninstalling ? applicationDisplayName(uninstalling, t) : '',
        })}
        confirmLabel={t('applications.actions.uninstall')}
        destructive
        onClose={() => setUninstalling(null)}
        onConfirm={async () => {
          if (uninstalling) await actions.run(uninstalling, 'uninstall', { rethrow: true });
        }}
      />
    </Stack>
  );
}
