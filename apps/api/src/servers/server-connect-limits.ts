import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Connecting (POST api/servers), connecting again (POST api/servers/{server}/connect) and changing
 * a server's IP each make the panel open a connection where the caller says: together, at most
 * ten a minute per user (issue 25 finding 7), so the panel is no scanner even of the addresses it
 * allows. Counted after validation: a form the schema refuses opens nothing. Over the limit: 429
 * with the retry time (spec/000 §8).
 */
export const SERVER_CONNECT_RATE_LIMIT = {
  max: 10,
  timeWindow: 60_000,
  hook: 'preHandler',
  groupId: 'server-connect',
  keyGenerator: (request: FastifyRequest) => `server-connect|${request.user?.id ?? request.ip}`,
} satisfies RateLimitOptions;
