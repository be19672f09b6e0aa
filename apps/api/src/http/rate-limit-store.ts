import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../database/database.js';
import { createRateLimitCounters } from './rate-limit.repository.js';

/**
 * What @fastify/rate-limit hands a store, to its constructor and to `child`: the merged limit
 * options, where `routeInfo` is the route (its typings call them a route's options).
 */
interface StoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}
type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** How often (at most) one process clears counters whose window ended a while ago. */
const PURGE_INTERVAL_MS = 60_000;

/**
 * A @fastify/rate-limit store on the panel's database (PostgreSQL, or PGlite when embedded), so
 * that panel processes behind a balancer share their counts: five sign-in attempts are five
 * whichever process answered them. One atomic upsert per hit: a new window starts at 1 when the
 * last one has ended, else the count goes up; the database's clock times every window. Counters
 * are per route (method and URL, as the plugin's own stores do) unless a route names a `groupId`,
 * which routes share. Keys are stored as SHA-256, so no email or address stays in the table.
 * The plugin's `continueExceeding` and `exponentialBackoff` are not used by the panel, nor here.
 */
export function createDatabaseRateLimitStore(db: Database) {
  const counters = createRateLimitCounters(db);
  let lastPurge = 0;

  function purgeNowAndThen() {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    // Best effort: an old row only takes space, and the next hit on its key starts it afresh.
    counters.purgeEnded().catch(() => {});
  }

  async function hit(key: string, windowMs: number): Promise<Counted> {
    purgeNowAndThen();
    return counters.hit(key, windowMs);
  }

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    constructor(given: object = {}) {
      const options = given as StoreOptions;
      const method = options.routeInfo?.method;
      this.namespace =
        options.groupId ??
        `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${options.routeInfo?.url ?? ''}`;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const stored = createHash('sha256').update(`${this.namespace}\0${key}`).digest('hex');
      hit(stored, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
