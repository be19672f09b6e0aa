import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Database } from '../database/database.js';
import { createDatabaseRateLimitStore } from './rate-limit-store.js';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in, reset
 * and verification use it (SECURITY.md). A limited call answers 429 with `x-ratelimit-reset` and
 * `retry-after`, from which the browser builds "Please try again after N seconds" (§8). Counters
 * live in the database, shared by every panel process (rate-limit-store.ts).
 */
export const rateLimiting = fp(async function limits(app: FastifyInstance, options: { db: Database }) {
  await app.register(rateLimit, {
    global: false,
    store: createDatabaseRateLimitStore(options.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: 'Too Many Attempts.',
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
});
