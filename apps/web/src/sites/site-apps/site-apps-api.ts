import { UPDATE_KEYS } from '@hostdeck/contracts';
import { siteAppsRoutes as routes, type SiteAppCard, type SiteAppId } from '@hostdeck/contracts/site-apps';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/** The site's app catalogue, uninstall and Tiny File Manager removal (contracts `siteAppsRoutes`). */
export const siteAppsKey = (siteId: number) => [UPDATE_KEYS.site, siteId, 'apps'] as const;

export async function fetchSiteApps(siteId: number): Promise<SiteAppCard[]> {
  return (await apiGetParsed(apiPath(routes.catalogue.path, { site: siteId }), routes.catalogue.response))
    .data;
}

const installRoutes = {
  'uptime-kuma': routes.installUptimeKuma,
  chatwoot: routes.installChatwoot,
  imunifyav: routes.installImunifyav,
} as const;

/** Starts the install; answers the event's id. */
export async function installSiteApp(siteId: number, app: SiteAppId): Promise<number> {
  const route = installRoutes[app];
  return (await apiSend(route.method, apiPath(route.path, { site: siteId }), {}, route.response)).data.id;
}

export async function uninstallSiteCode(siteId: number, deleteData: boolean): Promise<number> {
  const route = routes.uninstall;
  return (
    await apiSend(
      route.method,
      apiPath(route.path, { site: siteId }),
      { delete_data: deleteData },
      route.response,
    )
  ).data.id;
}

export async function removeTinyFileManager(siteId: number): Promise<number> {
  const route = routes.removeTinyFileManager;
  return (await apiSend(route.method, apiPath(route.path, { site: siteId }), undefined, route.response)).data
    .id;
}
