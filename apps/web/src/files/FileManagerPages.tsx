import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { databaseRoutes, type ServerDatabase } from '@hostdeck/contracts/databases';
import { apiPath } from '../api/api-path';
import { apiGetParsed } from '../api/client';
import { useAppInfo } from '../api/use-app-info';
import { AgentUpgradePrompt } from '../components/AgentUpgradePrompt';
import { LoadFailure } from '../components/LoadFailure';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { PageTitle } from '../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../servers/use-server-detail';
import { useRouteSite } from '../sites/use-site';
import { needsAgentUpgrade } from './agent-session';
import { FileManager, type FileManagerProps } from './FileManager';

/** Leaves room for the top bar and the page title: the file manager fills the rest of the screen. */
const MANAGER_HEIGHT = 'calc(100vh - 180px)';

/** The file manager, or the upgrade prompt while the server's agent is older than app info asks. */
function FileManagerOrUpgrade(props: FileManagerProps & { title: string }) {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();
  const { title, ...managerProps } = props;
  const outdated = info ? needsAgentUpgrade(props.agentVersion, info.agent_version) : false;
  return (
    <Stack spacing={2}>
      <PageTitle>{title}</PageTitle>
      {outdated ? (
        <AgentUpgradePrompt
          serverId={props.serverId}
          testId="file-agent-upgrade"
          message={t('files.upgrade.message', { brand: info?.brand ?? '' })}
          buttonLabel={t('files.upgrade.button')}
        />
      ) : (
        <Box sx={{ height: MANAGER_HEIGHT, minHeight: 400 }}>
          <FileManager {...managerProps} />
        </Box>
      )}
    </Stack>
  );
}

const NO_DATABASES: ServerDatabase[] = [];

/**
 * GET api/servers/{server}/databases: what the import database dialog offers (spec/001 §2). Keyed
 * under `databases`, the Update-data key that reloads database lists (spec/000 §4).
 */
function useServerDatabases(serverId: number) {
  const route = databaseRoutes.list;
  return useQuery({
    queryKey: [UPDATE_KEYS.databases, 'server', serverId],
    queryFn: async () => (await apiGetParsed(apiPath(route.path, { server: serverId }), route.response)).data,
    enabled: serverId > 0,
  });
}

/** /servers/{server}/files: the whole server, root '/'. */
export function ServerFilesPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  // The manager opens without waiting: the dialog's list fills in when the answer arrives.
  const databases = useServerDatabases(serverId);
  if (!server) return <LoadingIndicator />;
  return (
    <FileManagerOrUpgrade
      key={server.id}
      title={t('files.page.serverTitle', { name: server.name })}
      scope={{ kind: 'server', id: server.id }}
      root="/"
      serverId={server.id}
      agentVersion={server.agent_version}
      defaultLinuxUser={server.default_linux_user}
      systemUsers={server.systemUsers.map((user) => user.name)}
      databases={databases.data ?? NO_DATABASES}
      databasesFailed={databases.isError}
    />
  );
}

/** /sites/{site}/files: the site's home folder as the root (the token allows no more). */
export function SiteFilesPage() {
  const { t } = useTranslation();
  const { data: site } = useRouteSite();
  const serverQuery = useServerDetail(site?.server.id ?? 0, { notFoundView: false });
  const server = serverQuery.data;
  if (site && !server && serverQuery.isError) {
    return (
      <LoadFailure
        testId="site-files-server-failure"
        title={t('files.page.serverLoadFailed')}
        message={serverQuery.error.message}
        onRetry={() => void serverQuery.refetch()}
        retrying={serverQuery.isFetching}
      />
    );
  }
  if (!site || !server) return <LoadingIndicator />;
  return (
    <FileManagerOrUpgrade
      key={site.id}
      title={t('files.page.siteTitle', { name: site.name })}
      scope={{ kind: 'site', id: site.id }}
      root={site.home}
      serverId={server.id}
      agentVersion={server.agent_version}
      defaultLinuxUser={site.linux_user ?? server.default_linux_user}
      systemUsers={server.systemUsers.map((user) => user.name)}
      databases={site.database ? [site.database] : []}
    />
  );
}
