import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Locale, RouteContract } from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import { UnauthenticatedError } from '../domain/errors.js';
import { withTeamScope } from '../policy/team-scope.js';
import { answerEncoding, encodeAnswer, type AnswerEncoding } from './compression.js';

/** A cached answer (readCacheMs): its JSON, and its compressed forms made so far. */
interface CachedAnswer {
  /** UTF-8, encoded once: a string would be encoded again by every socket write. */
  body: Buffer;
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

/** A cached answer is the caller's, in their language, for this URL (query string included). */
function cacheKey(request: FastifyRequest): string {
  return `${request.user!.id}\n${request.apiToken?.teamId ?? ''}\n${request.locale}\n${request.url}`;
}

/** Sends a cached answer as it is, or compressed as the browser asks (each form made once). */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = answerEncoding(request.headers['accept-encoding'], cached.body.length);
  if (!encoding) return reply.send(cached.body);
  const encoded = (cached.encoded[encoding] ??= encodeAnswer(cached.body, encoding));
  return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(encoded);
}

/** What a route adds to, or overrides in, its contract entry. */
export interface RouteOptions {
  /** The success status; 204 (no body) when the contract has no response, else 200. */
  status?: number;
  /** The API's own schemas where they differ from the contract's (translated messages, a raw body). */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Response schemas by status, when a route answers more than one success status. */
  responses?: Record<number, z.ZodType>;
  /** Reachable without a session (route-auth.test.ts lists every such route): `user` may be null. */
  public?: true;
  config?: Record<string, unknown>;
  bodyLimit?: number;
  /**
   * A GET whose answer may be reused for this long (http/read-cache.ts), per caller, locale and
   * URL; any write drops it sooner. For lists every open browser reloads at once.
   */
  readCacheMs?: number;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Pick2<O, C, K extends 'params' | 'query' | 'body'> =
  O extends Record<K, z.ZodType> ? Parsed<O[K]> : C extends Record<K, z.ZodType> ? Parsed<C[K]> : undefined;

/** What a handler receives: the validated input, and the caller (always signed in unless public). */
export interface RouteInput<C extends RouteContract, O extends RouteOptions> {
  user: O extends { public: true } ? UserRow | null : UserRow;
  params: Pick2<O, C, 'params'>;
  query: Pick2<O, C, 'query'>;
  body: Pick2<O, C, 'body'>;
  locale: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Answer<C extends RouteContract> = C['response'] extends z.ZodType ? z.input<C['response']> : void;

// Any Fastify instance, whatever its type provider: the schemas are given here, not inferred.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/**
 * Registers one contract route: method, path and schemas come from the entry (packages/contracts),
 * so a route file says only what the call does. The handler's answer is sent with the route's
 * status; a handler that must choose its status (or stream) answers through `reply` and returns it.
 */
export function route<C extends RouteContract, O extends RouteOptions = Record<never, never>>(
  app: AnyFastify,
  contract: C,
  options: O,
  handler: (input: RouteInput<C, O>) => Promise<Answer<C> | FastifyReply> | Answer<C> | FastifyReply,
): void {
  if (options.readCacheMs !== undefined && (contract.method !== 'GET' || options.public)) {
    // A cached answer is per signed-in caller, and only a read may be answered twice.
    throw new Error(`${contract.method} ${contract.path}: readCacheMs is for signed-in GET routes`);
  }
  const response = contract.response ?? null;
  const status = options.status ?? (response ? 200 : 204);
  const schema: RouteShorthandOptions['schema'] = {};
  const params = options.params ?? contract.params;
  const query = options.query ?? contract.query;
  const body = options.body ?? contract.body;
  if (params) schema.params = params;
  if (query) schema.querystring = query;
  if (body) schema.body = body;
  if (options.responses) schema.response = options.responses;
  else if (response) schema.response = { [status]: response };

  app.route({
    method: contract.method,
    url: contract.path,
    schema,
    config: { ...options.config, ...(options.public ? { public: true } : {}) },
    // A fresh cached answer goes out before validation: its URL was validated when it was read.
    ...(options.readCacheMs !== undefined
      ? {
          preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
            if (!request.user) return;
            const cached = app.readCache.peek<CachedAnswer>(cacheKey(request));
            if (cached) return sendCached(request, reply.status(status), cached);
          },
        }
      : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (options.readCacheMs !== undefined && request.user) {
        // The serialized answer (the route's own response serializer), kept as it is sent.
        const cached = await app.readCache.remember(cacheKey(request), options.readCacheMs, async () => {
          const answer = await run(request, reply);
          if (answer === reply) throw new Error(`${contract.path}: a cached route answers with data`);
          const body = reply.status(status).serialize(answer) as string;
          return { body: Buffer.from(body), encoded: {} } as CachedAnswer;
        });
        return sendCached(request, reply.status(status), cached);
      }
      const answer = await run(request, reply);
      if (answer === reply) return reply;
      return status === 204 ? reply.status(204).send() : reply.status(status).send(answer);
    },
  });

  function run(request: FastifyRequest, reply: FastifyReply) {
    // The authentication hook refuses a route not marked public before this runs; this is the
    // type's guarantee, not a second check anyone relies on.
    const user = options.public ? request.user : signedInUser(request);
    // A team token's call sees only the team's servers and sites (policy/team-scope.ts).
    const teamId = request.apiToken?.teamId;
    const scope = user && teamId ? { userId: user.id, teamId } : null;
    return withTeamScope(scope, () =>
      handler({
        user: user as RouteInput<C, O>['user'],
        params: request.params as RouteInput<C, O>['params'],
        query: request.query as RouteInput<C, O>['query'],
        body: request.body as RouteInput<C, O>['body'],
        locale: request.locale,
        request,
        reply,
      }),
    );
  }
}

/**
 * The caller of a route that is not public (a websocket's, which `route()` does not register):
 * the authentication hook already refused anyone else.
 */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new UnauthenticatedError();
  return request.user;
}
