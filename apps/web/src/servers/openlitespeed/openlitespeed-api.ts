import { queryOptions } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { openlitespeedRoutes as routes } from '@hostdeck/contracts/openlitespeed';
import { apiGetParsed, apiSend } from '../../api/client';
import { apiPath } from '../../api/api-path';

/**
 * The OpenLiteSpeed calls (contracts openlitespeed.ts). Its queries start with the `applications`
 * Update-data key: its events and Applications' install publish it, so the page reads again.
 */
export const olsKey = (server: number) => [UPDATE_KEYS.applications, server, 'openlitespeed'] as const;

export const olsIndexQuery = (server: number) =>
  queryOptions({
    queryKey: [...olsKey(server), 'index'],
    queryFn: () => apiGetParsed(apiPath(routes.index.path, { server }), routes.index.response),
    meta: { notFoundView: true },
  });

export const olsPhpIniQuery = (server: number, version: string) =>
  queryOptions({
    queryKey: [...olsKey(server), 'php-ini', version],
    queryFn: async () =>
      (await apiGetParsed(apiPath(routes.phpIni.path, { server }, { version }), routes.phpIni.response)).data,
    staleTime: 0,
    gcTime: 0,
  });

const started = async (promise: Promise<{ data: { id: number } }>) => (await promise).data.id;

export const olsActions = {
  install: (server: number) =>
    started(apiSend('POST', apiPath(routes.install.path, { server }), undefined, routes.install.response)),
  restart: (server: number) =>
    started(apiSend('POST', apiPath(routes.restart.path, { server }), undefined, routes.restart.response)),
  adminPassword: (server: number, body: { username: string; password: string }) =>
    started(
      apiSend('PUT', apiPath(routes.adminPassword.path, { server }), body, routes.adminPassword.response),
    ),
  savePhpIni: (server: number, body: { version: string; content: string }) =>
    started(apiSend('POST', apiPath(routes.savePhpIni.path, { server }), body, routes.savePhpIni.response)),
};
