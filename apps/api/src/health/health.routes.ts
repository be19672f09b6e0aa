import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { apiRoutes } from '@hostdeck/contracts';
import type { DatabaseConnection } from '../database/database.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseConnection }> = async (app, options) => {
  app.get(
    apiRoutes.health.path,
    { schema: { response: { 200: apiRoutes.health.response } }, config: { public: true } },
    async () => {
      await options.database.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: options.database.dialect,
        uptime_seconds: Math.round(process.uptime()),
      };
    },
  );
};
