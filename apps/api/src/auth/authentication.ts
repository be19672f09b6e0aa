import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../database/database.js';
import { domainErrorBody } from '../http/error-handler.js';
import { UnauthenticatedError } from '../http/errors.js';
import { findUserBySessionToken, SESSION_COOKIE, type UserRow } from './sessions.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Routes not marked `public` never run without one. */
    user: UserRow | null;
  }
}

/**
 * Deny by default (SECURITY.md, unauthenticated routes): every route needs a session unless its
 * config says `public: true`. The route-auth test lists every route and checks this.
 */
export const authentication = fp(async function authenticationPlugin(
  app: FastifyInstance,
  options: { db: Database },
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await findUserBySessionToken(options.db, token) : null;
    if (request.routeOptions.config.public === true) return;
    // Unmatched routes fall to the not-found handler, which must answer 404 (or the SPA) to all.
    if (request.routeOptions.url === undefined) return;
    // Sent, not thrown: a refused websocket upgrade then closes its connection like any reply.
    if (!request.user)
      return reply.code(401).send(domainErrorBody(new UnauthenticatedError(), request.locale));
  });
});
