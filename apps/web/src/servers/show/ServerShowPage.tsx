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
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  if (!server) return <LoadingIndicator />;

  return (
    <Stack spacing={3}>
      <ServerHeader server={server} />
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
      {server.installed && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <OpenServerFilesButton serverId={server.id} />
          <OpenTerminalWindowButton server={server} />
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
