import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteRequestSchema, searchablePageQuerySchema, serverRoutes } from '@hostdeck/contracts';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { EventsService } from '../events/events.service.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { createFavoritesRepository } from './favorites.repository.js';
import { createServerConnectService } from './server-connect.service.js';
import { serverManagementRoutes } from './server-management.routes.js';
import { createServerManagementService } from './server-management.service.js';
import type { ServerServiceDependencies } from './server-operations.js';
import { createServerRemote } from './server-remote.js';
import { createServersRepository } from './servers.repository.js';
import { createServersService } from './servers.service.js';

export const serverParams = z.object({ server: z.coerce.number().int().positive() });

export interface ServersRoutesOptions {
  db: Database;
  bus: RealtimeBus;
  events: EventsService;
  executor: RemoteExecutor;
  secretBox: SecretBox;
}

/** Servers the caller may reach (spec/000 §7 api/servers), and connecting and managing one. */
export const serversRoutes: FastifyPluginAsyncZod<ServersRoutesOptions> = async (app, options) => {
  const { db, bus } = options;
  const policy = createAccessPolicy(db);
  const repository = createServersRepository(db);
  const favorites = createFavoritesRepository(db);
  const servers = createServersService({ repository, favorites, policy });
  const dependencies: ServerServiceDependencies = {
    repository,
    favorites,
    policy,
    events: options.events,
    remote: createServerRemote(options.executor),
    secretBox: options.secretBox,
    generateKeyPair: generateSshKeyPair,
    publish: (userIds, keys) => {
      for (const userId of userIds) bus.publish(userId, { type: 'Update-data', keys: [...keys] });
    },
  };

  app.get(
    serverRoutes.listServers.path,
    {
      schema: {
        querystring: searchablePageQuerySchema,
        response: { 200: serverRoutes.listServers.response },
      },
    },
    async (request) => servers.list(request.user!, request.query),
  );

  app.post(
    serverRoutes.favoriteServer.path,
    {
      schema: {
        params: serverParams,
        body: favoriteRequestSchema.nullish(),
        response: { 200: serverRoutes.favoriteServer.response },
      },
    },
    async (request) => servers.favorite(request.user!, request.params.server, request.body?.is_favorite),
  );

  await app.register(serverManagementRoutes, {
    connect: createServerConnectService(dependencies),
    management: createServerManagementService(dependencies),
  });
};
