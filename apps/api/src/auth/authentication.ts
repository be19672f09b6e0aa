import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../database/database.js';
import type { ReadCache } from '../http/read-cache.js';
import { domainErrorBody } from '../http/error-handler.js';
import { ForbiddenError, UnauthenticatedError } from '../domain/errors.js';
import '../http/public-routes.js';
import type { ApiTokenAuth } from '../api-tokens/token-auth.js';
import { findSessionByToken, SESSION_COOKIE, type UserRow } from './sessions.repository.js';

/** How long a session read is reused (http/read-cache.ts: every write drops it sooner). */
const SESSION_CACHE_MS = 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Routes not marked `public` never run without one. */
    user: UserRow | null;
    /** The stored id (token hash) of the caller's session, or null; never sent to the browser. */
    sessionId: string | null;
  }
}

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Your email address is not verified.';

/**
 * Deny by default (SECURITY.md, unauthenticated routes): every route needs a session unless its
 * config says `public: true`. The route-auth test lists every route and checks this. A signed-in
 * user whose email is not verified is refused too, unless the route says `allowUnverified: true`
 * (spec/000 §2: routes need a verified email unless noted).
 */
export const authentication = fp(async function authenticationPlugin(
  app: FastifyInstance,
  options: { db: Database; cache: ReadCache; apiTokens: ApiTokenAuth },
) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiToken', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config.public === true && config.sessionless === true) return;
    // A script's call (`Authorization: Bearer hd_…`, api-tokens/token-auth.ts): the token, not a
    // cookie, says who calls, and its scopes bound what the call may do.
    if (config.public !== true && request.routeOptions.url !== undefined && request.headers.authorization) {
      const found = await options.apiTokens.check(request, reply);
      if (found.kind === 'limited') throw Object.assign(new Error('Too Many Attempts.'), { statusCode: 429 });
      if (found.kind === 'refused')
        return reply.code(found.status).send(domainErrorBody(found.error, request.locale));
      if (found.kind === 'caller') {
        request.user = found.user;
        request.apiToken = found.token;
        if (!request.user.emailVerifiedAt)
          return reply
            .code(403)
            .send(domainErrorBody(new ForbiddenError(EMAIL_NOT_VERIFIED_MESSAGE), request.locale));
        return;
      }
    }
    const token = request.cookies[SESSION_COOKIE];
    const session = token
      ? await options.cache.remember(
          `session\n${token}`,
          SESSION_CACHE_MS,
          () => findSessionByToken(options.db, token),
          (found) => found !== null,
        )
      : null;
    request.user = session?.user ?? null;
    request.sessionId = session?.sessionId ?? null;
    if (config.public === true) return;
    // Unmatched routes fall to the not-found handler, which must answer 404 (or the SPA) to all.
    if (request.routeOptions.url === undefined) return;
    // Sent, not thrown: a refused websocket upgrade then closes its connection like any reply.
    if (!request.user)
      return reply.code(401).send(domainErrorBody(new UnauthenticatedError(), request.locale));
    if (!request.user.emailVerifiedAt && config.allowUnverified !== true)
      return reply
        .code(403)
        .send(domainErrorBody(new ForbiddenError(EMAIL_NOT_VERIFIED_MESSAGE), request.locale));
  });
});
