import { UPDATE_KEYS } from '@hostdeck/contracts';
import { firewall8gRoutes as routes, type Firewall8gState } from '@hostdeck/contracts/firewall-8g';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/**
 * GET|POST|DELETE api/sites/{site}/8gfirewall. The state's key starts with the site's own
 * (`['site', id]`), so the Update-data `site` of the firewall's events, and the site page's own
 * refresh when an event it tracks ends, read it again.
 */
export const firewall8gKey = (siteId: number) => [UPDATE_KEYS.site, siteId, '8gfirewall'] as const;

export async function fetchFirewall8g(siteId: number): Promise<Firewall8gState> {
  return (await apiGetParsed(apiPath(routes.show.path, { site: siteId }), routes.show.response)).data;
}

/** Turns the firewall on (POST) or off (DELETE); answers the event's id. */
export async function setFirewall8g(siteId: number, enabled: boolean): Promise<number> {
  const route = enabled ? routes.enable : routes.disable;
  return (await apiSend(route.method, apiPath(route.path, { site: siteId }), undefined, route.response)).data
    .id;
}
