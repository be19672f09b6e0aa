import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../database/database.js';

/** Teams and the team permissions of spec/000 §3, §6. */
export const teamsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
