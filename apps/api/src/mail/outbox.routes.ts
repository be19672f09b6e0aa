import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { listOutbox } from './outbox.js';

/**
 * The development outbox: the mail a panel without MAIL_URL kept instead of sending. Registered
 * only when config.devOutbox is true (NODE_ENV development or test, no MAIL_URL), never in
 * production. Public on purpose: the password-reset flow reads it before anyone is signed in.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    apiRoutes.devOutbox.path,
    { schema: { response: { 200: apiRoutes.devOutbox.response } }, config: { public: true } },
    async () => ({ data: await listOutbox(db) }),
  );
};
