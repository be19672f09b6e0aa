import { useQuery } from '@tanstack/react-query';
import type { ServerSummary, SiteSummary } from '@hostdeck/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serverListQuery, siteListQuery } from '../api/panel-queries';
import { routePath } from '../app/route-names';
import { MAIN_MENU, MANAGER_MENU, PROFILE_MENU } from '../navigation/menu-items';
import type { SearchItem } from './search-model';

/** Global search reads the first 100 servers and sites (spec/000 §2, GET api/servers?itemsPerPage=100). */
export const SEARCH_LIST_PAGE = { page: 1, itemsPerPage: 100 } as const;

export function serverSearchItem(server: ServerSummary): SearchItem {
  return {
    key: `server-${server.id}`,
    group: 'servers',
    title: server.display_name,
    subtitle: server.ip,
    icon: 'servers',
    path: routePath('servers.show', { server: server.id }),
    favorite: { kind: 'server', id: server.id, checked: server.is_favorite },
  };
}

export function siteSearchItem(site: SiteSummary): SearchItem {
  return {
    key: `site-${site.id}`,
    group: 'sites',
    title: site.display_name,
    subtitle: site.directory,
    icon: 'sites',
    path: routePath('sites.show', { site: site.id }),
    favorite: { kind: 'site', id: site.id, checked: site.is_favorite },
  };
}

/**
 * Everything global search can find; servers and sites load while the dialog is open. `failed`:
 * they could not be loaded, so no result among them does not mean there is none.
 */
export function useSearchItems(open: boolean): {
  items: SearchItem[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
} {
  const { t } = useTranslation();
  const servers = useQuery({ ...serverListQuery(SEARCH_LIST_PAGE), enabled: open });
  const sites = useQuery({ ...siteListQuery(SEARCH_LIST_PAGE), enabled: open });

  const navigation = useMemo(
    () =>
      [...MAIN_MENU, ...MANAGER_MENU, ...PROFILE_MENU].map((entry): SearchItem => ({
        key: `navigation-${entry.id}`,
        group: 'navigation',
        title: t(entry.labelKey),
        icon: entry.icon,
        path: entry.path,
        target: entry.target,
      })),
    [t],
  );

  const items = useMemo(
    () => [
      ...(servers.data?.data ?? []).map(serverSearchItem),
      ...(sites.data?.data ?? []).map(siteSearchItem),
      ...navigation,
    ],
    [servers.data, sites.data, navigation],
  );

  return {
    items,
    loading: servers.isLoading || sites.isLoading,
    failed: servers.isError || sites.isError,
    retry: () => {
      if (servers.isError) void servers.refetch();
      if (sites.isError) void sites.refetch();
    },
  };
}
