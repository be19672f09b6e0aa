import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../database/database.js';

/** Sites the caller may reach (spec/000 §7 api/sites). */
export const sitesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
