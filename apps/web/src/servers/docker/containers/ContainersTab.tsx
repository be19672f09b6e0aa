import DeleteIcon from '@mui/icons-material/Delete';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  containerNameSchema,
  type Container,
  type ContainerAction,
  type ContainerPort,
} from '@hostdeck/contracts/docker-containers';
import { schemaMessage } from '../../../api/field-messages';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { TextFieldDialog } from '../../../components/TextFieldDialog';
import { shortId, useDockerActions } from '../docker-api';
import { ResourceTable } from '../ResourceTable';
import { ContainerInspectDialog } from './ContainerInspectDialog';
import { ContainerLogsDialog } from './ContainerLogsDialog';
import { ContainerStatsDialog } from './ContainerStatsDialog';
import { useContainers } from './containers-api';

const STATE_COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  running: 'success',
  paused: 'warning',
  restarting: 'info',
  dead: 'error',
  exited: 'default',
  created: 'default',
};

/** The actions a container in `state` can take (the Engine refuses the others). */
function actionsFor(state: string): ContainerAction[] {
  if (state === 'running') return ['stop', 'restart', 'pause'];
  if (state === 'paused') return ['unpause', 'stop'];
  if (state === 'restarting') return ['stop'];
  return ['start'];
}

const portText = (port: ContainerPort) =>
  port.public_port === null
    ? `${port.private_port}/${port.type}`
    : `${port.ip && port.ip !== '0.0.0.0' && port.ip !== '::' ? `${port.ip}:` : ''}${port.public_port}→${port.private_port}/${port.type}`;

/** The published ports once each (Docker lists IPv4 and IPv6 bindings apart). */
const portsOf = (container: Container) => [...new Set(container.ports.map(portText))];

const STATE_LABELS = {
  created: 'docker.containers.states.created',
  running: 'docker.containers.states.running',
  paused: 'docker.containers.states.paused',
  restarting: 'docker.containers.states.restarting',
  removing: 'docker.containers.states.removing',
  exited: 'docker.containers.states.exited',
  dead: 'docker.containers.states.dead',
} as const;
const ACTION_LABELS = {
  start: 'docker.containers.actions.start',
  stop: 'docker.containers.actions.stop',
  restart: 'docker.containers.actions.restart',
  pause: 'docker.containers.actions.pause',
  unpause: 'docker.containers.actions.unpause',
} as const satisfies Record<ContainerAction, string>;
const stateLabel = (state: string) =>
  Object.hasOwn(STATE_LABELS, state) ? STATE_LABELS[state as keyof typeof STATE_LABELS] : null;

type Dialog = 'inspect' | 'logs' | 'stats' | 'rename' | 'delete';

/**
 * The Containers tab of the Docker page: every container (state, image, ports, created, compose
 * project), its actions as events (start, stop, restart, pause, unpause, rename, delete), and
 * views of its inspect (JSON), live log and live stats.
 */
export function ContainersTab({ serverId }: { serverId: number }) {
  const { t, i18n } = useTranslation();
  const containers = useContainers(serverId);
  const actions = useDockerActions(serverId);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; container: Container } | null>(null);
  const [dialog, setDialog] = useState<{ kind: Dialog; container: Container } | null>(null);
  const open = (kind: Dialog, container: Container) => {
    setMenu(null);
    setDialog({ kind, container });
  };
  const close = () => setDialog(null);
  const current = dialog?.container ?? null;
  const path = (container: Container, suffix = '') =>
    `/containers/${encodeURIComponent(container.id)}${suffix}`;

  // A mutation: a refused start (404, 403…) is reported by the query client's error handling.
  const start = useMutation({
    mutationFn: ({ container, action }: { container: Container; action: ContainerAction }) =>
      actions.run(container.id, 'POST', path(container, `/${action}`)),
  });
  const act = (container: Container, action: ContainerAction) => {
    setMenu(null);
    start.mutate({ container, action });
  };

  return (
    <Stack spacing={2}>
      <ResourceTable
        query={containers}
        testId="docker-containers"
        empty={t('docker.containers.empty')}
        columns={[
          t('docker.containers.columns.name'),
          t('docker.containers.columns.state'),
          t('docker.containers.columns.image'),
          t('docker.containers.columns.ports'),
          t('docker.containers.columns.created'),
          t('docker.containers.columns.project'),
          t('docker.columns.actions'),
        ]}
        rowKey={(container) => container.id}
        row={(container) => (
          <>
            <TableCell>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {container.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
                {shortId(container.id)}
              </Typography>
            </TableCell>
            <TableCell>
              <Tooltip title={container.status}>
                <Chip
                  size="small"
                  color={STATE_COLORS[container.state] ?? 'default'}
                  label={stateLabel(container.state) ? t(stateLabel(container.state)!) : container.state}
                  data-testid="docker-container-state"
                  data-state={container.state}
                />
              </Tooltip>
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{container.image}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{portsOf(container).join(', ') || '—'}</TableCell>
            <TableCell>{new Date(container.created_at).toLocaleString(i18n.language)}</TableCell>
            <TableCell>{container.compose_project ?? '—'}</TableCell>
            <TableCell align="right">
              <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                {actionsFor(container.state)
                  .slice(0, 1)
                  .map((action) => (
                    <Chip
                      key={action}
                      size="small"
                      variant="outlined"
                      clickable
                      disabled={actions.isBusy(container.id)}
                      label={t(ACTION_LABELS[action])}
                      onClick={() => act(container, action)}
                      data-testid={`docker-container-${action}`}
                    />
                  ))}
                <IconButton
                  size="small"
                  aria-label={t('docker.containers.more')}
                  loading={actions.isBusy(container.id)}
                  onClick={(event) => setMenu({ anchor: event.currentTarget, container })}
                  data-testid="docker-container-menu"
                >
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </Stack>
            </TableCell>
          </>
        )}
      />
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        {menu &&
          actionsFor(menu.container.state).map((action) => (
            <MenuItem
              key={action}
              onClick={() => act(menu.container, action)}
              data-testid={`docker-container-menu-${action}`}
            >
              {t(ACTION_LABELS[action])}
            </MenuItem>
          ))}
        {menu && [
          <MenuItem
            key="logs"
            onClick={() => open('logs', menu.container)}
            data-testid="docker-container-logs"
          >
            {t('docker.containers.logs.open')}
          </MenuItem>,
          <MenuItem
            key="stats"
            onClick={() => open('stats', menu.container)}
            data-testid="docker-container-stats"
          >
            {t('docker.containers.stats.open')}
          </MenuItem>,
          <MenuItem
            key="inspect"
            onClick={() => open('inspect', menu.container)}
            data-testid="docker-container-inspect"
          >
            {t('docker.containers.inspect.open')}
          </MenuItem>,
          <MenuItem
            key="rename"
            onClick={() => open('rename', menu.container)}
            data-testid="docker-container-rename"
          >
            {t('docker.containers.rename.open')}
          </MenuItem>,
          <MenuItem
            key="delete"
            onClick={() => open('delete', menu.container)}
            data-testid="docker-container-delete"
          >
            <DeleteIcon fontSize="small" sx={{ mr: 1, color: 'error.main' }} />
            <ListItemText>{t('docker.delete')}</ListItemText>
          </MenuItem>,
        ]}
      </Menu>
      <ContainerInspectDialog
        serverId={serverId}
        container={dialog?.kind === 'inspect' ? current : null}
        onClose={close}
      />
      <ContainerLogsDialog
        serverId={serverId}
        container={dialog?.kind === 'logs' ? current : null}
        onClose={close}
      />
      <ContainerStatsDialog
        serverId={serverId}
        container={dialog?.kind === 'stats' ? current : null}
        onClose={close}
      />
      <TextFieldDialog
        open={dialog?.kind === 'rename'}
        title={t('docker.containers.rename.title', { name: current?.name ?? '' })}
        label={t('docker.containers.rename.label')}
        initialValue={current?.name ?? ''}
        field="name"
        inputTestId="docker-container-rename-input"
        submitLabel={t('docker.containers.rename.submit')}
        validate={(value) => schemaMessage(containerNameSchema, value)}
        onClose={close}
        onSubmit={async (name) => {
          if (current) await actions.run(current.id, 'PUT', path(current, '/name'), { name });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('docker.containers.delete.title', { name: current?.name ?? '' })}
        message={
          current && current.state !== 'exited' && current.state !== 'created' && current.state !== 'dead'
            ? t('docker.containers.delete.running', { name: current.name })
            : t('docker.containers.delete.confirm', { name: current?.name ?? '' })
        }
        confirmLabel={t('docker.delete')}
        destructive
        onClose={close}
        onConfirm={async () => {
          if (current)
            await actions.run(current.id, 'DELETE', path(current), {
              // A running container is stopped first (the confirmation says so).
              force: current.state !== 'exited' && current.state !== 'created' && current.state !== 'dead',
              volumes: false,
            });
        }}
      />
    </Stack>
  );
}
