import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PHP_VERSIONS, type ServerDetail } from '@hostdeck/contracts';
import { type Application } from '@hostdeck/contracts/applications';
import { serverDetailQuery } from '../../api/panel-queries';
import { applicationsQuery, serverSearchQuery } from '../../servers/server-api';
import type { SiteCreateServer } from './site-create-form';

/** The most servers one page of GET api/servers holds; the select lists installed ones among them. */
const SERVER_CHOICES = { page: 1, itemsPerPage: 100 } as const;

/**
 * Installed servers to create a site on (spec/000 §2: /sites/create needs an installed server).
 * `failed`: the list could not be loaded, which is not the same as having no installed server.
 */
export function useInstalledServers(enabled: boolean) {
  const query = useQuery({ ...serverSearchQuery(SERVER_CHOICES), enabled });
  const servers = useMemo(() => (query.data?.data ?? []).filter((server) => server.installed), [query.data]);
  return {
    servers,
    isPending: enabled && query.isPending,
    failed: enabled && query.isError,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
  };
}

/**
 * PHP versions on a server, newest first: those the applications list read from the server shows
 * installed, or while that is not known, what provisioning installed and the default.
 */
export function serverPhpVersions(
  server: ServerDetail,
  applications: readonly Application[] | undefined,
): string[] {
  const installed = applications
    ? applications.filter((app) => app.is_installed && app.id.startsWith('php')).map((app) => app.id.slice(3))
    : [...server.provision.php_versions, ...(server.default_php ? [server.default_php] : [])];
  return PHP_VERSIONS.filter((version) => installed.includes(version));
}

/** What the create form needs of the chosen server, or null while none is chosen or it loads. */
export function useSiteCreateServer(serverId: number | null): {
  server: SiteCreateServer | null;
  detail: ServerDetail | undefined;
} {
  const enabled = serverId !== null;
  const detail = useQuery({ ...serverDetailQuery(serverId ?? 0), enabled, meta: { notFoundView: false } });
  const applications = useQuery({
    ...applicationsQuery(serverId ?? 0),
    enabled: enabled && detail.data?.installed === true,
    // Read over SSH; without it the versions provisioning installed stand in.
    meta: { handleErrors: false },
  });
  const data = detail.data;
  const server = useMemo(
    () =>
      data && serverId !== null
        ? {
            id: serverId,
            defaultLinuxUser: data.default_linux_user,
            phpVersions: serverPhpVersions(data, applications.data),
            defaultPhp: data.default_php,
          }
        : null,
    [data, serverId, applications.data],
  );
  return { server, detail: data };
}
