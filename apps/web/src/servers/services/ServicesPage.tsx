import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONFIRMED_SERVICE_ACTIONS,
  isServiceUnitName,
  servicesSection,
  type Service,
  type ServiceAction,
} from '@hostdeck/contracts/services';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { SearchField } from '../../components/SearchField';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions } from '../../server-sections/use-server-section';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { CreateServiceDialog } from './CreateServiceDialog';
import { filterServices, useServicesList } from './services-api';
import { ServiceStatusDialog } from './ServiceStatusDialog';
import { TypedConfirmDialog } from './TypedConfirmDialog';

const stateColor = (state: string): 'success' | 'error' | 'warning' | 'default' =>
  state === 'active'
    ? 'success'
    : state === 'failed'
      ? 'error'
      : state.endsWith('ing')
        ? 'warning'
        : 'default';

/**
 * `/servers/{server}/services` (servers.services, spec/000 §2, §7): the server's systemd services as
 * read from it, with state, boot flag and main PID; start, stop, restart, enable, disable, status
 * with the journal's tail, sync, a custom service from a unit form, and delete for the panel's own.
 * Stopping or disabling a service the panel's access depends on asks for its name to be typed.
 */
export function ServicesPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const list = useServicesList(serverId);
  const actions = useSectionActions(servicesSection, serverId);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [statusOf, setStatusOf] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [confirming, setConfirming] = useState<{ service: Service; action: ServiceAction } | null>(null);

  const act = (service: Service, action: ServiceAction) => {
    if (service.protected && CONFIRMED_SERVICE_ACTIONS.includes(action)) {
      setConfirming({ service, action });
      return;
    }
    const params = { service: service.name };
    if (action === 'stop' || action === 'disable')
      void actions.run(service.name, action, { params, body: {} });
    else void actions.run(service.name, action, { params });
  };

  const services = list.data ? filterServices(list.data.data, search) : [];
  const infos = list.data?.infos.service;

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('services.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SearchField
          value={search}
          onChange={setSearch}
          label={t('services.search')}
          testId="services-search"
        />
        {infos && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="services-summary">
            {t('services.summary', infos)}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
          <Button
            variant="outlined"
            startIcon={<SyncIcon />}
            loading={actions.isBusy('sync')}
            onClick={() => void actions.run('sync', 'sync', {})}
            data-testid="services-sync"
          >
            {t('services.sync')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="services-add"
          >
            {t('services.add')}
          </Button>
        </Stack>
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
          {list.error.message || t('services.loadFailed')}
        </Alert>
      ) : services.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="services-empty">
          <Typography>{t('services.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="services-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('services.columns.name')}</TableCell>
                  <TableCell>{t('services.columns.state')}</TableCell>
                  <TableCell>{t('services.columns.enabled')}</TableCell>
                  <TableCell>{t('services.columns.pid')}</TableCell>
                  <TableCell align="right">{t('services.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {services.map((service) => (
                  <ServiceRow
                    key={service.name}
                    service={service}
                    busy={actions.isBusy(service.name)}
                    onAction={(action) => act(service, action)}
                    onStatus={() => setStatusOf(service.name)}
                    onDelete={() => setDeleting(service)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <CreateServiceDialog
        open={creating}
        defaultUser={server?.default_linux_user ?? ''}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          await actions.run(body.name, 'create', { body }, { rethrow: true });
        }}
      />
      <ServiceStatusDialog serverId={serverId} service={statusOf} onClose={() => setStatusOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('services.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('services.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('services.actions.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting)
            await actions.run(
              deleting.name,
              'delete',
              { params: { service: deleting.name } },
              { rethrow: true },
            );
        }}
      />
      <TypedConfirmDialog
        open={confirming !== null}
        name={confirming?.service.name ?? ''}
        title={
          confirming
            ? t(`services.confirm.${confirming.action === 'stop' ? 'stopTitle' : 'disableTitle'}`, {
                name: confirming.service.name,
              })
            : ''
        }
        confirmLabel={confirming ? t(`services.actions.${confirming.action}`) : ''}
        onClose={() => setConfirming(null)}
        onConfirm={async (typed) => {
          if (!confirming) return;
          const action = confirming.action === 'stop' ? 'stop' : 'disable';
          await actions.run(
            confirming.service.name,
            action,
            { params: { service: confirming.service.name }, body: { confirm: typed } },
            { rethrow: true },
          );
        }}
      />
    </Stack>
  );
}

function ServiceRow({
  service,
  busy,
  onAction,
  onStatus,
  onDelete,
}: {
  service: Service;
  busy: boolean;
  onAction: (action: ServiceAction) => void;
  onStatus: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  // A unit whose name systemd escaped (`\x2d`) is listed, not acted on.
  const actionable = isServiceUnitName(service.name);
  const running = service.active_state === 'active' || service.active_state === 'activating';
  const button = (action: ServiceAction, color: 'primary' | 'error' = 'primary') => (
    <Button
      key={action}
      size="small"
      color={color}
      disabled={busy || !actionable}
      onClick={() => onAction(action)}
      data-testid={`service-${action}`}
    >
      {t(`services.actions.${action}`)}
    </Button>
  );
  return (
    <TableRow
      hover
      data-testid="service-row"
      data-service={service.name}
      data-state={service.active_state}
      data-enabled={service.enabled}
      data-managed={service.managed}
      data-busy={busy}
    >
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
            {service.name}
          </Typography>
          {service.protected && (
            <Tooltip title={t('services.protected')}>
              <LockIcon fontSize="small" color="warning" aria-label={t('services.protected')} />
            </Tooltip>
          )}
          {service.managed && (
            <Chip size="small" label={t('services.managed')} data-testid="service-managed" />
          )}
          {busy && <CircularProgress size={14} />}
        </Stack>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {service.description}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={stateColor(service.active_state)}
          label={`${t(`services.states.${service.active_state}`, { defaultValue: service.active_state })} (${service.sub_state})`}
          data-testid="service-state"
        />
      </TableCell>
      <TableCell data-testid="service-enabled">
        {service.enabled
          ? t('services.enabledYes')
          : service.unit_file_state
            ? t(`services.unitFileStates.${service.unit_file_state}`, {
                defaultValue: service.unit_file_state,
              })
            : '—'}
      </TableCell>
      <TableCell data-testid="service-pid">{service.main_pid ?? '—'}</TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {running ? button('stop', 'error') : button('start')}
          {button('restart')}
          {service.enabled ? button('disable') : button('enable')}
          <Button size="small" disabled={!actionable} onClick={onStatus} data-testid="service-status">
            {t('services.actions.status')}
          </Button>
          {service.managed && (
            <Button
              size="small"
              color="error"
              disabled={busy}
              onClick={onDelete}
              data-testid="service-delete"
            >
              {t('services.actions.delete')}
            </Button>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
