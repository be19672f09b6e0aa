import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../database/database.js';

/** Servers the caller may reach (spec/000 §7 api/servers). */
export const serversRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
