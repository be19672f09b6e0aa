import BuildIcon from '@mui/icons-material/Build';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import LanIcon from '@mui/icons-material/Lan';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ShareIcon from '@mui/icons-material/Share';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  changeServerIpRequestSchema,
  changeServerPasswordRequestSchema,
  isFailedStatus,
  renameServerRequestSchema,
  type ServerDetail,
} from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { routePath } from '../../app/route-names';
import { showSnackbar } from '../../feedback/snackbar-store';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteServerDialog } from './DeleteServerDialog';
import { useEventRuns } from '../../hooks/event-runs';
import { schemaMessage } from '../../api/field-messages';
import { serverDetailKey } from '../../api/panel-queries';
import {
  changeServerIp,
  changeServerPassword,
  deleteServer,
  renameServer,
  setServerTimezone,
  startServerAction,
  type ServerEventAction,
} from '../server-api';
import { ActionButton, ProtectSwitch, Section } from './ServerActionParts';
import { TextFieldDialog } from '../../components/TextFieldDialog';
import { TimezoneDialog } from './TimezoneDialog';
import { deleteVpsServer } from '../../user/vps/vps-api';

type DialogName =
  'rename' | 'ip' | 'password' | 'timezone' | 'restartNormal' | 'restartHard' | 'clean' | 'delete' | 'share';

// The share dialog brings the teams strings with it: loaded when the owner opens it.
const ServerShareDialog = lazy(() => import('../../teams/ServerShareDialog'));

/**
 * The server page's actions (issue #5): rename, change IP, change the stored password, time zone,
 * protect, restart (normal or hard), clean, hotfix and delete. Each reports 'Success' or the
 * panel's error; those that start an event keep their button busy until the event ends, then the
 * page reads the server again.
 */
export function ServerActions({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const close = () => setDialog(null);
  const runs = useEventRuns((key, event) => {
    // Clean runs for a while: its end says how it went (the start only said it started).
    if (key === 'clean')
      showSnackbar(
        isFailedStatus(event.status) ? t('serverShow.actions.cleanFailed') : t('serverShow.actions.cleaned'),
        isFailedStatus(event.status) ? 'error' : 'success',
      );
    void queryClient.invalidateQueries({ queryKey: serverDetailKey(server.id) });
    void queryClient.invalidateQueries({ queryKey: ['systeminfo', server.id] });
    if (key === 'timezone') void queryClient.invalidateQueries({ queryKey: ['timezone', server.id] });
  });

  const saved = (next: ServerDetail) => {
    queryClient.setQueryData(serverDetailKey(server.id), next);
    void queryClient.invalidateQueries({ queryKey: ['servers', 'list'] });
    notifySuccess();
  };

  async function startEvent(key: ServerEventAction) {
    const eventId = await startServerAction(server.id, key);
    runs.track(key === 'restartHard' ? 'restartNormal' : key, eventId);
    // Clean says how it ended instead (above): a 'Success' as it starts would read as done.
    if (key !== 'clean') notifySuccess();
  }

  // A failure is reported by the query client's mutation cache (handleApiError).
  const serverEvent = useMutation({ mutationFn: startEvent });

  // The caller's abilities (the API's `abilities`): what their role would be refused is not shown.
  const can = (ability: string) => server.abilities.includes(ability);
  const restarting = runs.isRunning('restartNormal');
  const hotfixBusy = server.hotfix || runs.isRunning('hotfix');

  return (
    <Stack spacing={3}>
      {server.installed && server.can_use && (
        <Section title={t('serverShow.actions.operations')}>
          <ActionButton
            icon={<RestartAltIcon />}
            testId="server-restart-normal"
            busy={restarting}
            onClick={() => setDialog('restartNormal')}
          >
            {t('serverShow.actions.restartNormal')}
          </ActionButton>
          <ActionButton
            icon={<PowerSettingsNewIcon />}
            testId="server-restart-hard"
            busy={restarting}
            color="warning"
            onClick={() => setDialog('restartHard')}
          >
            {t('serverShow.actions.restartHard')}
          </ActionButton>
          {can('destroy') && (
            <ActionButton
              icon={<CleaningServicesIcon />}
              testId="server-clean"
              busy={runs.isRunning('clean')}
              onClick={() => setDialog('clean')}
            >
              {t('serverShow.actions.clean')}
            </ActionButton>
          )}
          <ActionButton
            icon={<BuildIcon />}
            testId="server-hotfix"
            busy={hotfixBusy}
            onClick={() => serverEvent.mutate('hotfix')}
          >
            {t('serverShow.actions.hotfix')}
          </ActionButton>
          <ActionButton
            icon={<ScheduleIcon />}
            testId="server-timezone"
            busy={runs.isRunning('timezone')}
            onClick={() => setDialog('timezone')}
          >
            {t('serverShow.actions.timezone', { zone: server.timezone ?? '—' })}
          </ActionButton>
        </Section>
      )}

      {server.can_use && (
        <Section title={t('serverShow.actions.settings')}>
          {can('configure') && (
            <ActionButton icon={<EditIcon />} testId="server-rename" onClick={() => setDialog('rename')}>
              {t('serverShow.actions.rename')}
            </ActionButton>
          )}
          {can('configure') && (
            <ActionButton icon={<LanIcon />} testId="server-change-ip" onClick={() => setDialog('ip')}>
              {t('serverShow.actions.changeIp')}
            </ActionButton>
          )}
          {can('secrets') && (
            <ActionButton
              icon={<KeyIcon />}
              testId="server-change-password"
              onClick={() => setDialog('password')}
            >
              {t('serverShow.actions.changePassword')}
            </ActionButton>
          )}
          {can('share') && (
            <ActionButton icon={<ShareIcon />} testId="server-share" onClick={() => setDialog('share')}>
              {t('teams.sharing.open')}
            </ActionButton>
          )}
          {server.is_owner && (
            <ActionButton
              icon={<SwapHorizIcon />}
              testId="server-transfer"
              onClick={() => void navigate(`${routePath('user.server-transfer')}?server=${server.id}`)}
            >
              {t('serverShow.actions.transfer')}
            </ActionButton>
          )}
          {can('configure') && <ProtectSwitch server={server} onSaved={saved} />}
          {/* Deleting a server is its owner's alone (abilities.ts): a team role never shows it. */}
          {can('delete') && (
            <Tooltip title={server.protected ? t('serverShow.delete.protected') : ''}>
              <span>
                <ActionButton
                  icon={<DeleteIcon />}
                  testId="server-delete"
                  color="error"
                  disabled={server.protected}
                  onClick={() => setDialog('delete')}
                >
                  {t('serverShow.delete.submit')}
                </ActionButton>
              </span>
            </Tooltip>
          )}
        </Section>
      )}
      {dialog === 'share' && (
        <Suspense fallback={null}>
          <ServerShareDialog server={server} open onClose={close} />
        </Suspense>
      )}

      <TextFieldDialog
        open={dialog === 'rename'}
        title={t('serverShow.actions.rename')}
        label={t('connect.name')}
        initialValue={server.name}
        field="name"
        inputTestId="server-rename-input"
        submitLabel={t('serverShow.save')}
        validate={(name) => schemaMessage(renameServerRequestSchema, { name })}
        onClose={close}
        onSubmit={async (name) => saved(await renameServer(server.id, name))}
      />
      <TextFieldDialog
        open={dialog === 'ip'}
        title={t('serverShow.actions.changeIp')}
        description={t('serverShow.actions.changeIpHint')}
        label={t('connect.ip')}
        initialValue={server.ip}
        field="ip"
        inputTestId="server-change-ip-input"
        submitLabel={t('serverShow.save')}
        validate={(ip) => schemaMessage(changeServerIpRequestSchema, { ip: ip.trim() })}
        onClose={close}
        onSubmit={async (ip) => saved(await changeServerIp(server.id, ip.trim()))}
      />
      <TextFieldDialog
        open={dialog === 'password'}
        title={t('serverShow.actions.changePassword')}
        description={t('serverShow.actions.changePasswordHint')}
        label={t('connect.password')}
        type="password"
        field="password"
        inputTestId="server-change-password-input"
        submitLabel={t('serverShow.save')}
        validate={(password) => schemaMessage(changeServerPasswordRequestSchema, { password })}
        onClose={close}
        onSubmit={async (password) => {
          await changeServerPassword(server.id, password);
          notifySuccess();
        }}
      />
      <TimezoneDialog
        open={dialog === 'timezone'}
        serverId={server.id}
        onClose={close}
        onSubmit={async (zone) => {
          runs.track('timezone', await setServerTimezone(server.id, zone));
          notifySuccess();
        }}
      />
      <ConfirmDialog
        open={dialog === 'restartNormal' || dialog === 'restartHard'}
        title={
          dialog === 'restartHard'
            ? t('serverShow.actions.restartHard')
            : t('serverShow.actions.restartNormal')
        }
        message={
          dialog === 'restartHard'
            ? t('serverShow.actions.restartHardConfirm')
            : t('serverShow.actions.restartConfirm')
        }
        confirmLabel={t('serverShow.actions.restart')}
        destructive={dialog === 'restartHard'}
        onClose={close}
        onConfirm={async () => {
          await serverEvent.mutateAsync(dialog === 'restartHard' ? 'restartHard' : 'restartNormal');
        }}
      />
      <ConfirmDialog
        open={dialog === 'clean'}
        title={t('serverShow.actions.cleanTitle')}
        message={t('serverShow.actions.cleanConfirm')}
        confirmLabel={t('serverShow.actions.clean')}
        onClose={close}
        onConfirm={async () => {
          await serverEvent.mutateAsync('clean');
        }}
      />
      <DeleteServerDialog
        open={dialog === 'delete'}
        serverName={server.name}
        vpsProvider={server.vps_provider}
        onClose={close}
        onDelete={async (name, atProvider) => {
          if (atProvider) await deleteVpsServer(server.id, name);
          else await deleteServer(server.id, name);
          notifySuccess();
          await navigate(routePath('all-server'));
          queryClient.removeQueries({ queryKey: serverDetailKey(server.id) });
          void queryClient.invalidateQueries({ queryKey: ['servers'] });
        }}
      />
    </Stack>
  );
}
