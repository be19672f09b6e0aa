import { queryOptions } from '@tanstack/react-query';
import {
  eventSchema,
  favoriteRequestSchema,
  paginatedSchema,
  serverRoutes,
  siteRoutes,
  type ServerSummary,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiRequest } from './client';

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
    queryKey: ['servers', 'list', { page, itemsPerPage }],
    queryFn: () => apiGetParsed(apiPath(route.path, {}, { page, itemsPerPage }), route.response),
  });
}

/** One server (GET api/servers/{server}). Its 404 shows the not-found view (§8), not a snackbar. */
export function serverQuery(serverId: number) {
  const route = serverRoutes.showServer;
  return queryOptions({
    queryKey: ['servers', 'detail', serverId],
    queryFn: async (): Promise<ServerSummary> =>
      (await apiGetParsed(apiPath(route.path, { server: serverId }), route.response)).data,
    meta: { notFoundView: true },
  });
}

export function siteListQuery({ page, itemsPerPage }: ListPage) {
  const route = siteRoutes.listSites;
  return queryOptions({
    queryKey: ['sites', 'list', { page, itemsPerPage }],
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
  const answer = route.response.parse(
    await apiRequest(route.method, apiPath(route.path, { server: serverId }), body),
  );
  return answer.is_favorite;
}
