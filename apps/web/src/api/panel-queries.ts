import { queryOptions } from '@tanstack/react-query';
import {
  UPDATE_KEYS,
  eventSchema,
  favoriteRequestSchema,
  paginatedSchema,
  serverManagementRoutes,
  serverRoutes,
  siteRoutes,
  type ServerDetail,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiSend } from './client';

/**
 * Queries of the lists and records the routed pages and global search read. Keys start with the
 * Update-data key of spec/000 §4 (`servers`, `sites`, `events`), so a realtime message reloads
 * every query of that kind.
 */

export interface ListPage {
  page: number;
  itemsPerPage: number;
}

export function serverListQuery({ page, itemsPerPage }: ListPage) {
  const route = serverRoutes.listServers;
  return queryOptions({
    queryKey: [UPDATE_KEYS.servers, 'list', { page, itemsPerPage }],
    queryFn: () => apiGetParsed(apiPath(route.path, {}, { page, itemsPerPage }), route.response),
  });
}

/** The one cache entry of a server in full; under `servers`, so that Update-data key reloads it. */
export const serverDetailKey = (serverId: number) => [UPDATE_KEYS.servers, 'show', serverId] as const;

/**
 * One server in full (GET api/servers/{server}): the route guards, the server pages, the side menu
 * and the document title all read this one query. Its 404 shows the not-found view (§8).
 */
export function serverDetailQuery(serverId: number) {
  const route = serverManagementRoutes.serverDetail;
  return queryOptions({
    queryKey: serverDetailKey(serverId),
    queryFn: async (): Promise<ServerDetail> =>
      (await apiGetParsed(apiPath(route.path, { server: serverId }), route.response)).data,
    meta: { notFoundView: true },
  });
}

export function siteListQuery({ page, itemsPerPage }: ListPage) {
  const route = siteRoutes.listSites;
  return queryOptions({
    queryKey: [UPDATE_KEYS.sites, 'list', { page, itemsPerPage }],
    queryFn: () => apiGetParsed(apiPath(route.path, {}, { page, itemsPerPage }), route.response),
  });
}

const eventListSchema = paginatedSchema(eventSchema);

export function eventListQuery({ page, itemsPerPage }: ListPage) {
  return queryOptions({
    queryKey: ['events', 'list', { page, itemsPerPage }],
    queryFn: () => apiGetParsed(apiPath('/api/events', {}, { page, itemsPerPage }), eventListSchema),
  });
}

/** POST api/servers/{server}/favorite with the wanted state; answers the state now stored. */
export async function setServerFavorite(serverId: number, isFavorite: boolean): Promise<boolean> {
  const route = serverRoutes.favoriteServer;
  const body = favoriteRequestSchema.parse({ is_favorite: isFavorite });
  const answer = await apiSend(route.method, apiPath(route.path, { server: serverId }), body, route.response);
  return answer.is_favorite;
}
