import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { serverManagementRoutes } from './server-management.routes.js';
import type { ServerConnectService } from './server-connect.service.js';
import type { ServerManagementService } from './server-management.service.js';
import type { ServersService } from './servers.service.js';
import { LIST_READ_CACHE_MS } from '../http/read-cache.js';

export interface ServersRoutesOptions {
  serverList: ServersService;
  connect: ServerConnectService;
  management: ServerManagementService;
}

/** Servers the caller may reach (spec/000 §7 api/servers), and connecting and managing one. */
export const serversRoutes: FastifyPluginAsyncZod<ServersRoutesOptions> = async (app, options) => {
  const servers = options.serverList;
  route(app, serverRoutes.listServers, { readCacheMs: LIST_READ_CACHE_MS }, ({ user, query }) =>
    servers.list(user, query),
  );
  route(app, serverRoutes.favoriteServer, {}, ({ user, params, body }) =>
    servers.favorite(user, params.server, body?.is_favorite),
  );
  await app.register(serverManagementRoutes, options);
};
