import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { DatabasesService } from './databases.service.js';

/** The databases of a server for the file manager: the list, and importing a dump (spec/000 §7). */
export const databasesRoutes: FastifyPluginAsyncZod<{ databases: DatabasesService }> = async (
  app,
  { databases },
) => {
  route(app, routes.list, {}, ({ user, params }) => databases.list(user, params.server));
  route(app, routes.import, { status: 201 }, ({ user, params, body }) =>
    databases.startImport(user, params.server, params.database, body),
  );
};
