import { queryOptions } from '@tanstack/react-query';
import { UPDATE_KEYS, siteRoutes as routes, type SiteDetail } from '@hostdeck/contracts';
import { apiGetParsed, apiPath } from '../api/client';

/**
 * The site queries (spec/000 §7 Sites), apart from the calls that change a site (site-api.ts) so
 * the route loader, which is in the first chunk, carries only these.
 *
 * Query keys start with the Update-data keys of spec/000 §4, so a realtime message reloads them
 * (realtime-effects): one site under ['site', id], lists under ['sites', 'list', …].
 */

type SiteId = number;
const at = (path: string, site: SiteId) => apiPath(path, { site });

export const siteDetailKey = (site: SiteId) => [UPDATE_KEYS.site, site] as const;
export const SITE_LISTS_KEY = [UPDATE_KEYS.sites, 'list'] as const;

/** GET api/sites/{site}. A 404 shows the not-found view (spec/000 §8). */
export function siteDetailQuery(site: SiteId) {
  return queryOptions({
    queryKey: siteDetailKey(site),
    queryFn: async (): Promise<SiteDetail> =>
      (await apiGetParsed(at(routes.showSite.path, site), routes.showSite.response)).data,
    meta: { notFoundView: true },
  });
}

export interface SiteListParams {
  page: number;
  itemsPerPage: number;
  search?: string;
  /** Only the sites of this server (GET api/servers/{server}/sites). */
  serverId?: number;
}

/** GET api/sites (or a server's sites) with the page and the server-side search. */
export function siteSearchQuery({ page, itemsPerPage, search, serverId }: SiteListParams) {
  const text = search?.trim() || undefined;
  const query = { page, itemsPerPage, search: text };
  return queryOptions({
    // Without a search or server this is the key of panel-queries' siteListQuery: one cache entry.
    queryKey: [...SITE_LISTS_KEY, serverId === undefined ? query : { ...query, server: serverId }],
    queryFn: () =>
      serverId === undefined
        ? apiGetParsed(apiPath(routes.listSites.path, {}, query), routes.listSites.response)
        : apiGetParsed(
            apiPath(routes.serverSites.path, { server: serverId }, query),
            routes.serverSites.response,
          ),
  });
}
