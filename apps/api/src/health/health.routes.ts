import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@hostdeck/contracts';
import { pingDatabase, type DatabaseConnection } from '../database/database.js';
import { route } from '../http/route.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseConnection }> = async (app, options) => {
  route(app, apiRoutes.health, { public: true }, async () => {
    await pingDatabase(options.database.db);
    return {
      status: 'ok' as const,
      database: options.database.dialect,
      uptime_seconds: Math.round(process.uptime()),
    };
  });
};
