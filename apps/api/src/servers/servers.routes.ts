import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteRequestSchema, searchablePageQuerySchema, serverRoutes } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import { createFavoritesRepository } from './favorites.repository.js';
import { createServersRepository } from './servers.repository.js';
import { createServersService } from './servers.service.js';

const serverParams = z.object({ server: z.coerce.number().int().positive() });

/** Servers the caller may reach (spec/000 §7 api/servers). */
export const serversRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const servers = createServersService({
    repository: createServersRepository(db),
    favorites: createFavoritesRepository(db),
    policy: createAccessPolicy(db),
  });

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

  app.get(
    serverRoutes.showServer.path,
    { schema: { params: serverParams, response: { 200: serverRoutes.showServer.response } } },
    async (request) => ({ data: await servers.show(request.user!, request.params.server) }),
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
};
