import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_TTL_HOURS,
  isIdempotencyKey,
} from '@hostdeck/contracts/idempotency';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { BadRequestError, ConflictError, ValidationError } from '../domain/errors.js';
import { createIdempotencyRepository } from './idempotency.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency_keys row this call claimed; its answer is kept when it is sent. */
    idempotencyClaim: { id: number; done: boolean } | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TTL_MS = IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000;
const PURPOSE = 'idempotency answer';
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** The one key a call carries, or undefined; an array (the header twice) is not a key. */
function headerOf(request: FastifyRequest): string | string[] | undefined {
  return request.headers[IDEMPOTENCY_HEADER];
}

/**
 * `Idempotency-Key` on every mutating route (docs/api-tokens.md). Registered once, before
 * authentication (http/app.ts):
 *
 * - onRequest: a key that breaks the grammar (1–255 printable ASCII) is refused 400 on every
 *   mutating route, before anything else reads the call (the route-table test proves it);
 * - preHandler (after authentication, the route's permission and input validation): a signed-in
 *   caller's key is claimed for caller (token or account) + method + route pattern; the hash of
 *   the URL and the validated body is kept with it. The same key again replays the stored answer
 *   (the handler does not run: no second event); another URL or body: 422; the first still
 *   running: 409;
 * - onSend: the answer (status, body sealed with the secret box: never in clear) is kept 24 h;
 *   a 5xx or a call that never answered gives the key back.
 *
 * Public routes (webhooks, sign-in) check the grammar but keep nothing: they have no caller.
 */
export const idempotency = fp(async function idempotencyPlugin(
  app: FastifyInstance,
  options: { db: Database; secretBox: SecretBox; now?: () => Date },
) {
  const repository = createIdempotencyRepository(options.db);
  const now = options.now ?? (() => new Date());
  let lastCleanup = 0;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const key = headerOf(request);
    if (key !== undefined && !isIdempotencyKey(key)) throw new BadRequestError(IDEMPOTENCY_MESSAGES.grammar);
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = headerOf(request);
    const pattern = request.routeOptions.url;
    if (!MUTATING.has(request.method) || !isIdempotencyKey(key) || !pattern || !request.user) return;
    if (request.routeOptions.config.public === true) return;
    const at = now();
    if (at.getTime() - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = at.getTime();
      await repository.deleteExpired(at);
    }
    const caller = request.apiToken ? `t:${request.apiToken.id}` : `u:${request.user.id}`;
    const bodyHash = createHash('sha256')
      .update(`${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const claim = await repository.claim(
      { caller, method: request.method, route: pattern, key },
      bodyHash,
      new Date(at.getTime() + TTL_MS),
      at,
    );
    if (claim.claimed) {
      request.idempotencyClaim = { id: claim.id, done: false };
      return;
    }
    const { row } = claim;
    if (row.bodyHash !== bodyHash)
      throw new ValidationError({ 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.otherBody] });
    if (row.status === null) throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
    reply.code(row.status).header('idempotent-replayed', 'true');
    if (row.body === null) return reply.send();
    if (row.contentType) reply.type(row.contentType);
    return reply.send(options.secretBox.open(row.body, PURPOSE));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.done) return payload;
    claim.done = true;
    if (reply.statusCode >= 500) {
      await repository.release(claim.id);
      return payload;
    }
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const contentType = reply.getHeader('content-type');
    await repository.finish(
      claim.id,
      reply.statusCode,
      typeof contentType === 'string' ? contentType.slice(0, 128) : null,
      text === null || text === '' ? null : options.secretBox.seal(text, PURPOSE),
    );
    return payload;
  });

  // A call that never sent an answer (aborted, a socket taken over) gives its key back.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim && !claim.done) {
      claim.done = true;
      await repository.release(claim.id);
    }
  });
});
