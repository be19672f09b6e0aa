import {
  createSiteRequestSchema,
  deleteSiteRequestSchema,
  protectSiteRequestSchema,
  renameSiteRequestSchema,
  siteAliasRequestSchema,
  siteBindingsRequestSchema,
  siteCloneRequestSchema,
  siteDirectoryRequestSchema,
  siteFavoriteRequestSchema,
  siteLockdownRequestSchema,
  siteOwnerRequestSchema,
  sitePhpVersionRequestSchema,
  siteProxyPortRequestSchema,
  siteRoutes as routes,
  toggleSiteRequestSchema,
  type CreateSiteRequest,
  type SiteDetail,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiSend } from '../api/client';

/**
 * The site calls of spec/000 §7 (contracts `siteRoutes`), each body checked with its request
 * schema and each answer with the route's response schema. Other site pages (SSL, deployments,
 * commands, web server) import the detail query from here.
 *
 * The queries (and their keys) are in site-queries.ts, re-exported here.
 */

export {
  SITE_LISTS_KEY,
  siteDetailKey,
  siteDetailQuery,
  siteSearchQuery,
  type SiteListParams,
} from './site-queries';

type SiteId = number;
const at = (path: string, site: SiteId) => apiPath(path, { site });

/** Calls that start an event answer its id. */
type EventRoute = {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  response: typeof routes.toggle.response;
};
async function startEvent(route: EventRoute, site: SiteId, body?: unknown): Promise<number> {
  return (await apiSend(route.method, at(route.path, site), body, route.response)).data.id;
}

/** POST api/sites: the new site's id, its create event, and the database password (shown once). */
export async function createSite(request: CreateSiteRequest) {
  const body = createSiteRequestSchema.parse(request);
  return apiSend('POST', routes.createSite.path, body, routes.createSite.response);
}

export async function deleteSite(site: SiteId, deleteDatabase: boolean): Promise<number> {
  return startEvent(
    routes.deleteSite,
    site,
    deleteSiteRequestSchema.parse({ delete_database: deleteDatabase }),
  );
}

export async function renameSite(site: SiteId, name: string): Promise<SiteDetail> {
  const route = routes.rename;
  return (await apiSend('PUT', at(route.path, site), renameSiteRequestSchema.parse({ name }), route.response))
    .data;
}

/** POST favorite with the wanted state; answers the state now stored. */
export async function setSiteFavorite(site: SiteId, isFavorite: boolean): Promise<boolean> {
  const route = routes.favorite;
  const body = siteFavoriteRequestSchema.parse({ is_favorite: isFavorite });
  return (await apiSend('POST', at(route.path, site), body, route.response)).is_favorite;
}

export async function protectSite(site: SiteId, isProtected: boolean): Promise<SiteDetail> {
  const route = routes.protect;
  const body = protectSiteRequestSchema.parse({ protected: isProtected });
  return (await apiSend('POST', at(route.path, site), body, route.response)).data;
}

export async function toggleSite(site: SiteId, enabled: boolean): Promise<number> {
  return startEvent(routes.toggle, site, toggleSiteRequestSchema.parse({ enabled }));
}

export async function setSitePhpVersion(site: SiteId, phpVersion: string | null): Promise<number> {
  return startEvent(routes.phpVersion, site, sitePhpVersionRequestSchema.parse({ php_version: phpVersion }));
}

export async function setSiteProxyPort(site: SiteId, proxyPort: number | null): Promise<number> {
  return startEvent(routes.proxyPort, site, siteProxyPortRequestSchema.parse({ proxy_port: proxyPort }));
}

export async function setSiteDirectory(site: SiteId, directory: string): Promise<number> {
  return startEvent(routes.directory, site, siteDirectoryRequestSchema.parse({ directory }));
}

export async function setSiteOwner(site: SiteId, linuxUser: string, password?: string): Promise<number> {
  const body = siteOwnerRequestSchema.parse({ linux_user: linuxUser, password });
  return startEvent(routes.owner, site, body);
}

/** Adds an alias (an alias site whose parent is this site). */
export async function addSiteAlias(site: SiteId, name: string): Promise<number> {
  return startEvent(routes.alias, site, siteAliasRequestSchema.parse({ name }));
}

export async function changeSitePermissions(site: SiteId, action: 'chmod' | 'chown'): Promise<number> {
  return startEvent(routes[action], site);
}

export async function setSiteLockdown(site: SiteId, enabled: boolean): Promise<number> {
  return startEvent(routes.lockdown, site, siteLockdownRequestSchema.parse({ enabled }));
}

export async function setSiteBindings(site: SiteId, ips: string[]): Promise<number> {
  return startEvent(routes.bindings, site, siteBindingsRequestSchema.parse({ ips }));
}

/** What the site's name resolves to, and whether that is its server. */
export async function checkSiteDns(site: SiteId) {
  const route = routes.ipRemoteCheck;
  return apiGetParsed(at(route.path, site), route.response);
}

export async function setSiteTelegramNotification(site: SiteId, on: boolean): Promise<SiteDetail> {
  const route = on ? routes.telegramNotificationOn : routes.telegramNotificationOff;
  return (await apiSend(route.method, at(route.path, site), undefined, route.response)).data;
}

/** The same site on another server: the new site's id and its event. */
export async function cloneSite(site: SiteId, serverId: number) {
  const route = routes.clone;
  const body = siteCloneRequestSchema.parse({ server_id: serverId });
  return apiSend('POST', at(route.path, site), body, route.response);
}
