import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in, reset
 * and verification use it (SECURITY.md). A limited call answers 429 with `x-ratelimit-reset` and
 * `retry-after`, from which the browser builds "Please try again after N seconds" (§8).
 */
export const rateLimiting = fp(async function limits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: 'Too Many Attempts.',
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
});
