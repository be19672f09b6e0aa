import { queryOptions } from '@tanstack/react-query';
import {
  changeServerIpRequestSchema,
  changeServerPasswordRequestSchema,
  connectServerRequestSchema,
  deleteServerRequestSchema,
  eventResponseSchema,
  eventSchema,
  paginatedSchema,
  protectServerRequestSchema,
  reinstallRequestSchema,
  renameServerRequestSchema,
  serverManagementRoutes as routes,
  serverRoutes,
  setTimezoneRequestSchema,
  type ConnectServerRequest,
  type Event,
  type ServerDetail,
} from '@hostdeck/contracts';
import { applicationsSection } from '@hostdeck/contracts/applications';
import { ApiError } from '../api/api-error';
import { apiGetParsed, apiPath, apiRequest, apiSend } from '../api/client';
import { sectionListQuery } from '../server-sections/section-api';
import type { ApplicationFilters } from './applications/applications';

/**
 * The server calls of issue #5 (contracts `serverManagementRoutes`), each body checked with its
 * request schema and each answer with the route's response schema.
 *
 * Query keys: server records under ['servers', …] (the Update-data key `servers` reloads them);
 * what is read live over SSH (system information, time zone, applications) under keys of their
 * own, so a change to the server record does not make the panel log in to the server again.
 */

type ServerId = number;
const at = (path: string, server: ServerId, extra: Record<string, string> = {}) =>
  apiPath(path, { server, ...extra });

export interface ServerListParams {
  page: number;
  itemsPerPage: number;
  search?: string;
}

/** GET api/servers with the page and the server-side search (spec/000 §7). */
export function serverSearchQuery({ page, itemsPerPage, search }: ServerListParams) {
  const route = serverRoutes.listServers;
  const text = search?.trim() || undefined;
  return queryOptions({
    // Without a search this is the key of panel-queries' serverListQuery: one cache entry.
    queryKey: ['servers', 'list', { page, itemsPerPage, search: text }],
    queryFn: () =>
      apiGetParsed(apiPath(route.path, {}, { page, itemsPerPage, search: text }), route.response),
  });
}

export function systemInfoQuery(server: ServerId) {
  return queryOptions({
    queryKey: ['systeminfo', server],
    queryFn: () => apiGetParsed(at(routes.systemInfo.path, server), routes.systemInfo.response),
    staleTime: 15_000,
    // A 404 means the server is gone (deleted meanwhile): the page shows not found, once.
    meta: { notFoundView: true },
  });
}

export function timezoneQuery(server: ServerId) {
  return queryOptions({
    queryKey: ['timezone', server],
    queryFn: async () =>
      (await apiGetParsed(at(routes.getTimezone.path, server), routes.getTimezone.response)).timezone,
    meta: { notFoundView: true },
  });
}

/** The applications section's list (server-sections/section-api.ts), for the side menu and forms. */
export function applicationsQuery(server: ServerId, filters: ApplicationFilters = {}) {
  return sectionListQuery(applicationsSection, server, filters);
}

const recentEventsSchema = paginatedSchema(eventSchema);
/** The most events one page of GET api/events holds (contracts pageQuerySchema). */
const RECENT_EVENTS = 100;

/** The latest events the user can see, newest first (GET api/events). */
export async function fetchRecentEvents(itemsPerPage = RECENT_EVENTS): Promise<Event[]> {
  const path = apiPath('/api/events', {}, { page: 1, itemsPerPage });
  return (await apiGetParsed(path, recentEventsSchema)).data;
}

/**
 * One event by id with its output (GET api/events/{event}), however old: null when it is gone or
 * the user may not see it. Kept live by Event-status messages (use-live-event.ts).
 */
export function eventQuery(eventId: number) {
  return queryOptions({
    queryKey: ['events', 'one', eventId],
    queryFn: async (): Promise<Event | null> => {
      try {
        return (await apiGetParsed(apiPath('/api/events/:event', { event: eventId }), eventResponseSchema))
          .data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export async function connectServer(request: ConnectServerRequest): Promise<ServerDetail> {
  const body = connectServerRequestSchema.parse(request);
  return (await apiSend('POST', routes.connectServer.path, body, routes.connectServer.response)).data;
}

export async function verifyConnection(server: ServerId): Promise<ServerDetail> {
  const route = routes.verifyConnection;
  return (await apiSend('POST', at(route.path, server), undefined, route.response)).data;
}

export async function renameServer(server: ServerId, name: string): Promise<ServerDetail> {
  const route = routes.rename;
  const body = renameServerRequestSchema.parse({ name });
  return (await apiSend('PUT', at(route.path, server), body, route.response)).data;
}

export async function changeServerIp(server: ServerId, ip: string): Promise<ServerDetail> {
  const route = routes.changeIp;
  const body = changeServerIpRequestSchema.parse({ ip });
  return (await apiSend('PUT', at(route.path, server), body, route.response)).data;
}

export async function changeServerPassword(server: ServerId, password: string): Promise<void> {
  const body = changeServerPasswordRequestSchema.parse({ password });
  await apiRequest('PUT', at(routes.changePassword.path, server), body);
}

export async function setServerTimezone(server: ServerId, timezone: string): Promise<number> {
  const route = routes.setTimezone;
  const body = setTimezoneRequestSchema.parse({ timezone });
  return (await apiSend('POST', at(route.path, server), body, route.response)).data.id;
}

export async function protectServer(server: ServerId, isProtected: boolean): Promise<ServerDetail> {
  const route = routes.protect;
  const body = protectServerRequestSchema.parse({ protected: isProtected });
  return (await apiSend('POST', at(route.path, server), body, route.response)).data;
}

/** Restart, clean and hotfix: each starts an event and answers its id. */
export type ServerEventAction = 'restartNormal' | 'restartHard' | 'clean' | 'hotfix';

export async function startServerAction(server: ServerId, action: ServerEventAction): Promise<number> {
  const route = routes[action];
  return (await apiSend('POST', at(route.path, server), undefined, route.response)).data.id;
}

/** Provisioning again: from a failed step ("retry from here"), or from the start. */
export async function reinstallServer(server: ServerId, fromStep?: string): Promise<number> {
  const route = routes.reinstall;
  const body = reinstallRequestSchema.parse(fromStep === undefined ? {} : { from_step: fromStep });
  return (await apiSend('POST', at(route.path, server), body, route.response)).data.id;
}

export async function deleteServer(server: ServerId, name: string): Promise<void> {
  const body = deleteServerRequestSchema.parse({ name });
  await apiRequest('DELETE', at(routes.deleteServer.path, server), body);
}
