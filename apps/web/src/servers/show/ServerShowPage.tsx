import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { Suspense } from 'react';
import { lazyPage } from '../../app/lazy-page';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { OpenServerFilesButton } from '../../files/OpenFileManager';
import { OpenTerminalWindowButton } from '../../terminal/OpenTerminalWindowButton';
import { BannedHereAlert } from '../fail2ban/BannedHereAlert';
import { awaitsInstallCommand } from '../install-command';
import { InstallCommandPanel } from '../InstallCommandPanel';
import { NotInstalledPanel } from './NotInstalledPanel';
import { ProvisioningPanel } from './ProvisioningPanel';
import { ServerAgentNotice } from './ServerAgentNotice';
import { ServerActions } from './ServerActions';
import { ServerHeader } from './ServerHeader';
import { SystemInfoCard } from './SystemInfoCard';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { registerTeamsCatalogues } from '../../teams/catalogue';
import { useTranslation } from 'react-i18next';

// The sharing strings (share button, 'The server cannot be used') are the teams pages' own.
registerTeamsCatalogues();

// The default page's card (spec/000 §7) comes with its own strings (servers/default-page).
const DefaultPageCard = lazyPage(
  () => import('../default-page/DefaultPageCard').then((module) => module.DefaultPageCard),
  ['servers/default-page'],
);

/**
 * `/servers/{server}` (servers.show). Not installed yet: the install command still to run, or
 * provisioning streaming live with "retry from here" after a failure, and what it installs.
 * Installed: system information read from the server, and the server's actions.
 */
export function ServerShowPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  if (!server) return <LoadingIndicator />;
  const can = (ability: string) => server.abilities.includes(ability);

  return (
    <Stack spacing={3}>
      <ServerHeader server={server} />
      {!server.can_use && (
        // spec/000 §8: a server the caller may look at but not use (a viewer, or a site scope).
        <Alert severity="warning" data-testid="server-cannot-be-used">
          <AlertTitle>{t('teams.cannotUse.title')}</AlertTitle>
          {t('teams.cannotUse.message')}
        </Alert>
      )}
      <ServerAgentNotice server={server} />
      <BannedHereAlert serverId={server.id} installed={server.installed} />
      {!server.installed &&
        (awaitsInstallCommand(server) ? (
          // Connected: the panel stores the answer, and this page moves on to provisioning.
          <InstallCommandPanel server={server} onConnected={() => undefined} />
        ) : (
          <ProvisioningPanel server={server} />
        ))}
      {!server.installed && <NotInstalledPanel provision={server.provision} />}
      {server.installed && <SystemInfoCard serverId={server.id} />}
      {server.installed && (can('files') || can('terminal')) && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {can('files') && <OpenServerFilesButton serverId={server.id} />}
          {can('terminal') && <OpenTerminalWindowButton server={server} />}
        </Stack>
      )}
      {server.installed && (
        <Suspense fallback={null}>
          <DefaultPageCard serverId={server.id} />
        </Suspense>
      )}
      <ServerActions server={server} />
    </Stack>
  );
}
