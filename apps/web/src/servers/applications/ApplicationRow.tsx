import ErrorIcon from '@mui/icons-material/Error';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Application } from '@hostdeck/contracts/applications';
import { eventErrorLine } from '../../notifications/event-text';
import {
  applicationActions,
  applicationDisplayName,
  serviceStateColor,
  shownInstallFailure,
} from './applications';
import { NotAvailable } from '../ServerBadges';

export type RowAction =
  'install' | 'uninstall' | 'start' | 'stop' | 'restart' | 'autoRestartOn' | 'autoRestartOff';

/** One application as read from the server, with the actions its state allows. */
export function ApplicationRow({
  application,
  busy,
  onAction,
  onShowOutput,
}: {
  application: Application;
  busy: boolean;
  onAction: (action: RowAction) => void;
  /** Opens an event's output (the failed install's). */
  onShowOutput: (eventId: number) => void;
}) {
  const { t } = useTranslation();
  const actions = applicationActions(application);
  const failure = shownInstallFailure(application, busy);
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
      data-install-failed={failure !== null}
    >
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ApplicationIcon application={application} />
          <div>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {applicationDisplayName(application, t)}
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
        {failure ? (
          <InstallFailure failure={failure} onShowOutput={onShowOutput} />
        ) : (
          <ServiceState application={application} />
        )}
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

/** The last install failed: says so, with its error line and a link to the event's output. */
function InstallFailure({
  failure,
  onShowOutput,
}: {
  failure: NonNullable<Application['install_failure']>;
  onShowOutput: (eventId: number) => void;
}) {
  const { t } = useTranslation();
  const line = eventErrorLine(t, failure);
  return (
    <Stack
      spacing={0.5}
      sx={{ alignItems: 'flex-start', maxWidth: 360 }}
      data-testid="application-install-failure"
    >
      <Chip size="small" color="error" icon={<ErrorIcon />} label={t('applications.installFailed')} />
      {line && (
        <Typography variant="caption" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      )}
      <Link
        component="button"
        type="button"
        variant="caption"
        onClick={() => onShowOutput(failure.event_id)}
        data-testid="application-failure-output"
        data-event-id={failure.event_id}
      >
        {t('applications.failureOutput')}
      </Link>
    </Stack>
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
  const { t } = useTranslation();
  const isImage = /^(https?:\/\/|\/)/.test(application.icon);
  return (
    <Avatar
      variant="rounded"
      src={isImage ? application.icon : undefined}
      alt=""
      sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main' }}
    >
      {applicationDisplayName(application, t).slice(0, 2).toUpperCase()}
    </Avatar>
  );
}
