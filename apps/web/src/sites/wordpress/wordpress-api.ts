import { queryOptions } from '@tanstack/react-query';
import {
  wordpressInstallRequestSchema,
  wordpressRoutes as routes,
  type WordpressInstallRequest,
  type WordpressItemType,
  type WordpressRole,
} from '@hostdeck/contracts/wordpress';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/**
 * The WordPress calls of a site (contracts `wordpressRoutes`). Keys start with the Update-data
 * key `site`, so the panel's message after a site event reloads them.
 */
export const wordpressKey = (site: number) => ['site', site, 'wordpress'] as const;

export function wordpressInfoQuery(site: number) {
  return queryOptions({
    queryKey: [...wordpressKey(site), 'info'],
    queryFn: async () =>
      (await apiGetParsed(apiPath(routes.index.path, { site }), routes.index.response)).data,
  });
}

export function wordpressItemsQuery(site: number, type: WordpressItemType, enabled: boolean) {
  return queryOptions({
    queryKey: [...wordpressKey(site), type],
    enabled,
    queryFn: async () =>
      (await apiGetParsed(apiPath(routes.items.path, { site, type }), routes.items.response)).data,
  });
}

export async function searchWordpress(site: number, type: WordpressItemType, query: string) {
  const path = `${apiPath(routes.search.path, { site, type })}?q=${encodeURIComponent(query)}`;
  return (await apiGetParsed(path, routes.search.response)).data;
}

export async function installWordpress(site: number, body: WordpressInstallRequest): Promise<number> {
  const parsed = wordpressInstallRequestSchema.parse(body);
  return (await apiSend('POST', apiPath(routes.install.path, { site }), parsed, routes.install.response)).data
    .id;
}

export type WordpressItemAction = 'installItem' | 'update' | 'delete';

/** Install, update or delete an item: the id of its event. */
export async function wordpressItemAction(
  site: number,
  type: WordpressItemType,
  action: WordpressItemAction,
  slug: string,
): Promise<number> {
  const route = routes[action];
  return (await apiSend('POST', apiPath(route.path, { site, type }), { slug }, route.response)).data.id;
}

export async function toggleWordpressItem(
  site: number,
  type: WordpressItemType,
  slug: string,
  active: boolean,
) {
  const route = routes.toggle;
  return (await apiSend('POST', apiPath(route.path, { site, type }), { slug, active }, route.response)).data
    .id;
}

/** Auto-updates of one item, or of every item of the type (`*`). */
export async function setWordpressAutoUpdate(
  site: number,
  type: WordpressItemType,
  slug: string,
  enabled: boolean,
) {
  const route = routes.autoUpdate;
  return (await apiSend('POST', apiPath(route.path, { site, type }), { slug, enabled }, route.response)).data
    .id;
}

export function wordpressUsersQuery(site: number) {
  return queryOptions({
    queryKey: [...wordpressKey(site), 'users'],
    queryFn: async () =>
      (await apiGetParsed(apiPath(routes.users.path, { site }), routes.users.response)).data,
  });
}

export async function createWordpressUser(
  site: number,
  body: { login: string; email: string; role: WordpressRole },
) {
  const route = routes.createUser;
  return (await apiSend('POST', apiPath(route.path, { site }), body, route.response)).data.id;
}

export async function setWordpressUserRole(site: number, login: string, role: WordpressRole) {
  const route = routes.setUserRole;
  return (await apiSend('POST', apiPath(route.path, { site }), { login, role }, route.response)).data.id;
}

/** WordPress's own password reset link for the user, shown once. */
export async function wordpressResetLink(site: number, login: string) {
  const route = routes.resetUserPassword;
  return (await apiSend('POST', apiPath(route.path, { site }), { login }, route.response)).data.url;
}

/** Optimization (its log is the event's output), the WP Rocket switch, search-replace of a domain. */
export async function updateWordpressCore(site: number) {
  const route = routes.updateCore;
  return (await apiSend('POST', apiPath(route.path, { site }), undefined, route.response)).data.id;
}

export async function optimizeWordpress(site: number) {
  const route = routes.optimization;
  return (await apiSend('POST', apiPath(route.path, { site }), undefined, route.response)).data.id;
}

export async function setWprocket(site: number, enabled: boolean) {
  const route = routes.wprocket;
  return (await apiSend('POST', apiPath(route.path, { site }), { enabled }, route.response)).data.id;
}

export async function searchReplaceWordpress(site: number, from: string, to: string) {
  const route = routes.searchReplace;
  return (await apiSend('POST', apiPath(route.path, { site }), { from, to }, route.response)).data.id;
}

/** A single-use sign-in link (expires in seconds). */
export async function wordpressLoginLink(site: number) {
  return (await apiSend('POST', apiPath(routes.login.path, { site }), {}, routes.login.response)).data;
}
