import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ServerDetail } from '@hostdeck/contracts';
import { pm2Section, type Pm2Action, type Pm2App } from '@hostdeck/contracts/pm2';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions, useSectionList } from '../../server-sections/use-server-section';
import { applicationsQuery } from '../server-api';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { LogsDialog } from './LogsDialog';
import { formatMemory } from './pm2-form';
import { StartAppDialog } from './StartAppDialog';

const KNOWN_STATUSES = ['online', 'stopping', 'stopped', 'launching', 'errored'] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];
const isKnownStatus = (status: string): status is KnownStatus =>
  (KNOWN_STATUSES as readonly string[]).includes(status);

const STATUS_COLORS: Record<string, 'success' | 'default' | 'error' | 'warning'> = {
  online: 'success',
  stopped: 'default',
  errored: 'error',
};

/**
 * `/servers/{server}/pm2` (servers.pm2, spec/000 §7 PM2): the apps of one system user's PM2, read
 * from the server (`pm2 jlist` as that user), with start, stop, restart, delete and logs. Every
 * change is an event that ends with `pm2 save`; the user's PM2 starts at boot (`pm2 startup`).
 */
export function Pm2Page() {
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  // The list always names a user: its query key then never equals the applications list's (both
  // live under the `applications` Update-data key).
  return server ? <Pm2Content serverId={serverId} server={server} /> : <LoadingIndicator />;
}

function Pm2Content({ serverId, server }: { serverId: number; server: ServerDetail }) {
  const { t } = useTranslation();
  const applications = useQuery({ ...applicationsQuery(serverId), enabled: server.installed });
  const pm2 = applications.data?.find((application) => application.id === 'pm2');
  const [chosenUser, setChosenUser] = useState<string | null>(null);
  const user = chosenUser ?? server.default_linux_user;
  const users = [...new Set([server.default_linux_user, ...server.systemUsers.map((entry) => entry.name)])];
  const installed = pm2?.is_installed ?? false;
  const list = useSectionList(pm2Section, serverId, { user });
  const actions = useSectionActions(pm2Section, serverId);
  const [starting, setStarting] = useState(false);
  const [deleting, setDeleting] = useState<Pm2App | null>(null);
  const [logsOf, setLogsOf] = useState<string | null>(null);

  const control = (app: Pm2App, action: Pm2Action) =>
    void actions.run(app.name, 'control', { params: { name: app.name, action }, body: { user } });

  const table = () => {
    if (list.isPending) return <LoadingIndicator />;
    if (list.isError) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {list.error.message || t('pm2.loadFailed')}
        </Alert>
      );
    }
    if (list.data.length === 0) {
      return (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="pm2-empty">
          <Typography>{t('pm2.empty', { user })}</Typography>
        </Paper>
      );
    }
    return (
      <Paper variant="outlined">
        <TableContainer>
          <Table data-testid="pm2-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('pm2.columnName')}</TableCell>
                <TableCell>{t('pm2.columnStatus')}</TableCell>
                <TableCell>{t('pm2.columnScript')}</TableCell>
                <TableCell>{t('pm2.columnInstances')}</TableCell>
                <TableCell>{t('pm2.columnRestarts')}</TableCell>
                <TableCell>{t('pm2.columnMemory')}</TableCell>
                <TableCell align="right">{t('pm2.columnActions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((app) => {
                const busy = actions.isBusy(app.name);
                return (
                  <TableRow
                    key={app.name}
                    data-testid="pm2-row"
                    data-name={app.name}
                    data-status={app.status}
                    data-busy={busy}
                  >
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {app.name}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {app.startup ? t('pm2.startupOn') : t('pm2.startupOff')}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLORS[app.status] ?? 'warning'}
                        label={isKnownStatus(app.status) ? t(`pm2.statuses.${app.status}`) : app.status}
                        data-testid="pm2-status"
                      />
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                      {[app.script, ...app.args].join(' ')}
                      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                        {app.cwd}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {app.instances} ({app.exec_mode})
                    </TableCell>
                    <TableCell>{app.restarts}</TableCell>
                    <TableCell>{formatMemory(app.memory)}</TableCell>
                    <TableCell align="right">
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
                      >
                        {app.status === 'online' ? (
                          <Button
                            size="small"
                            disabled={busy}
                            onClick={() => control(app, 'stop')}
                            data-testid="pm2-stop"
                          >
                            {t('pm2.actions.stop')}
                          </Button>
                        ) : (
                          <Button
                            size="small"
                            disabled={busy}
                            onClick={() => control(app, 'start')}
                            data-testid="pm2-start"
                          >
                            {t('pm2.actions.start')}
                          </Button>
                        )}
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => control(app, 'restart')}
                          data-testid="pm2-restart"
                        >
                          {t('pm2.actions.restart')}
                        </Button>
                        <Button size="small" onClick={() => setLogsOf(app.name)} data-testid="pm2-logs-open">
                          {t('pm2.actions.logs')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          onClick={() => setDeleting(app)}
                          data-testid="pm2-delete"
                        >
                          {t('pm2.actions.delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );
  };

  return (
    <Stack spacing={3} data-testid="pm2-page">
      <Stack spacing={0.5}>
        <PageTitle>{t('pm2.title')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
          {t('serverPage.section', { name: server.display_name })}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('pm2.intro')}
      </Typography>
      {applications.data && !installed && (
        <Alert severity="info" data-testid="pm2-not-installed">
          {t('pm2.notInstalled')}{' '}
          <Link component={RouterLink} to={`/servers/${serverId}/applications`}>
            {t('pm2.openApplications')}
          </Link>
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="pm2-user-label">{t('pm2.user')}</InputLabel>
          <Select
            labelId="pm2-user-label"
            label={t('pm2.user')}
            value={users.includes(user) ? user : ''}
            onChange={(event) => setChosenUser(event.target.value)}
            data-testid="pm2-user"
          >
            {users.map((name) => (
              <MenuItem key={name} value={name} data-testid="pm2-user-option">
                {name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          variant="contained"
          sx={{ ml: { sm: 'auto' } }}
          disabled={!installed || user === ''}
          onClick={() => setStarting(true)}
          data-testid="pm2-start-app"
        >
          {t('pm2.startApp')}
        </Button>
      </Stack>
      {table()}
      <StartAppDialog
        open={starting}
        user={user}
        home={`/home/${user}`}
        onClose={() => setStarting(false)}
        onSubmit={(body) => actions.run(body.name, 'create', { body }, { rethrow: true })}
      />
      <LogsDialog serverId={serverId} user={user} name={logsOf} onClose={() => setLogsOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('pm2.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('pm2.deleteConfirm', { name: deleting?.name ?? '', user })}
        confirmLabel={t('pm2.actions.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) {
            await actions.run(
              deleting.name,
              'delete',
              { params: { name: deleting.name }, body: { user } },
              { rethrow: true },
            );
          }
        }}
      />
    </Stack>
  );
}
