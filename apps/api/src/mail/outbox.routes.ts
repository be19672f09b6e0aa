import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { UnauthenticatedError } from '../domain/errors.js';
import { route } from '../http/route.js';
import { listOutbox } from './outbox.repository.js';

/**
 * The outbox: the mail a panel without MAIL_URL kept instead of sending, so sign-up works on a
 * fresh `npm start`. In development and test (`everyone`) it lists all mail without a session, for
 * the password-reset flow. Otherwise, such as a production panel nobody gave an SMTP server, a
 * signed-in user reads only mail addressed to their own email: never another account's reset link.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database; everyone: boolean }> = async (
  app,
  { db, everyone },
) => {
  route(app, apiRoutes.devOutbox, { public: true, config: { allowUnverified: true } }, async ({ user }) => {
    if (everyone) return { data: await listOutbox(db) };
    if (!user) throw new UnauthenticatedError();
    return { data: await listOutbox(db, user.email) };
  });
};
