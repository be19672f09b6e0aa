import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Application } from '@hostdeck/contracts';
import { applicationActions, serviceStateColor } from './applications';
import { NotAvailable } from './ServerBadges';

export type RowAction =
  'install' | 'uninstall' | 'start' | 'stop' | 'restart' | 'autoRestartOn' | 'autoRestartOff';

/** One application as read from the server, with the actions its state allows. */
export function ApplicationRow({
  application,
  busy,
  onAction,
}: {
  application: Application;
  busy: boolean;
  onAction: (action: RowAction) => void;
}) {
  const { t } = useTranslation();
  const actions = applicationActions(application);
  // While its event runs the switch shows the wanted state; afterwards what the server says.
  const [wantedAutoRestart, setWantedAutoRestart] = useState<boolean | null>(null);
  const autoRestart = busy && wantedAutoRestart !== null ? wantedAutoRestart : application.auto_restart;
  const button = (action: 'install' | 'uninstall' | 'start' | 'stop' | 'restart', color?: 'error') => (
    <Button
      key={action}
      size="small"
      variant={action === 'install' ? 'contained' : 'outlined'}
      color={color ?? 'primary'}
      disabled={busy}
      onClick={() => {
        setWantedAutoRestart(null);
        onAction(action);
      }}
      data-testid={`application-${action}`}
    >
      {t(`applications.actions.${action}`)}
    </Button>
  );

  return (
    <TableRow
      hover
      data-testid="application-row"
      data-app={application.id}
      data-installed={application.is_installed}
      data-busy={busy}
      data-state={application.service_state ?? ''}
    >
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ApplicationIcon application={application} />
          <div>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {application.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
              {application.binary_name}
            </Typography>
          </div>
        </Stack>
      </TableCell>
      <TableCell data-testid="application-version" sx={{ fontFamily: 'monospace' }}>
        {application.installed_version ?? <NotAvailable />}
      </TableCell>
      <TableCell>
        <ServiceState application={application} />
      </TableCell>
      <TableCell>
        {actions.includes('autoRestart') ? (
          <Switch
            size="small"
            checked={autoRestart}
            disabled={busy}
            onChange={(event) => {
              setWantedAutoRestart(event.target.checked);
              onAction(event.target.checked ? 'autoRestartOn' : 'autoRestartOff');
            }}
            slotProps={{
              input: {
                'data-testid': 'application-auto-restart',
                'aria-label': t('applications.columnAutoRestart'),
              },
            }}
          />
        ) : (
          <NotAvailable />
        )}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
          {busy && (
            <CircularProgress
              size={18}
              aria-label={t('applications.working')}
              data-testid="application-busy"
            />
          )}
          {actions.includes('start') && button('start')}
          {actions.includes('stop') && button('stop')}
          {actions.includes('restart') && button('restart')}
          {actions.includes('install') && button('install')}
          {actions.includes('uninstall') && button('uninstall', 'error')}
          {!application.is_installed && !application.supported && (
            <Tooltip title={t('applications.unsupported')}>
              <span>
                <Button size="small" variant="contained" disabled data-testid="application-install">
                  {t('applications.actions.install')}
                </Button>
              </span>
            </Tooltip>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function ServiceState({ application }: { application: Application }) {
  const { t } = useTranslation();
  if (!application.is_installed) {
    return <Chip size="small" variant="outlined" label={t('applications.notInstalled')} />;
  }
  const state = application.service_state;
  if (state === null) return <NotAvailable />;
  const known = state === 'active' || state === 'inactive' || state === 'failed';
  return (
    <Chip
      size="small"
      color={serviceStateColor(state)}
      variant={state === 'active' ? 'filled' : 'outlined'}
      label={known ? t(`applications.states.${state}`) : state}
      data-testid="application-state"
    />
  );
}

/** The application's icon when the panel gives an image, otherwise its initials. */
function ApplicationIcon({ application }: { application: Application }) {
  const isImage = /^(https?:\/\/|\/)/.test(application.icon);
  return (
    <Avatar
      variant="rounded"
      src={isImage ? application.icon : undefined}
      alt=""
      sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main' }}
    >
      {application.name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}
