import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseImportRequestSchema, databaseRoutes as routes } from '@hostdeck/contracts';
import { loadOrCreateAgentKeys } from '../agent/agent-keys.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import type { SitesRoutesOptions } from '../sites/sites.routes.js';
import { registerDatabaseImportTask } from './database-import-task.js';
import { createDatabasesRepository } from './databases.repository.js';
import { createDatabasesService } from './databases.service.js';

const id = z.coerce.number().int().positive();
const serverParams = z.object({ server: id });
const databaseParams = serverParams.extend({ database: id });

/** The databases of a server for the file manager: the list, and importing a dump (spec/000 §7). */
export const databasesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const repository = createDatabasesRepository(db);
  const databases = createDatabasesService({
    policy: createAccessPolicy(db),
    repository,
    events: options.events,
  });
  registerDatabaseImportTask({
    hooks: options.hooks,
    repository,
    signer: loadOrCreateAgentKeys(config.dataDir, options.secretBox),
  });

  app.get(
    routes.list.path,
    { schema: { params: serverParams, response: { 200: routes.list.response } } },
    async (request) => databases.list(request.user!, request.params.server),
  );

  app.post(
    routes.import.path,
    {
      schema: {
        params: databaseParams,
        body: databaseImportRequestSchema,
        response: { 201: routes.import.response },
      },
    },
    async (request, reply) => {
      const { server, database } = request.params;
      return reply
        .status(201)
        .send(await databases.startImport(request.user!, server, database, request.body));
    },
  );
};
