import { lt, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { rateLimitCounters } from '../database/schema.js';

/**
 * The rate-limit counters (rate-limit-store.ts): one atomic upsert per hit, a new window starting at
 * 1 when the last one has ended, the database's clock timing every window.
 */
export function createRateLimitCounters(db: Database) {
  return {
    /** Clears counters whose window ended over a minute ago. */
    async purgeEnded(): Promise<void> {
      await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetsAt, sql`now() - interval '1 minute'`));
    },

    /** Counts one hit on a key; its count in the current window and the milliseconds left of it. */
    async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const resetsAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
      const ended = sql`${rateLimitCounters.resetsAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, resetsAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
            resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
          },
        })
        .returning({
          hits: rateLimitCounters.hits,
          ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.resetsAt} - now())) * 1000))::integer`,
        });
      return { current: row!.hits, ttl: Number(row!.ttl) };
    },
  };
}
