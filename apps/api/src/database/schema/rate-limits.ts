import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters of every panel process (http/rate-limit-store.ts): one row per limited key
 * (its SHA-256, so no email or address is kept), counted until the window ends.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets').on(table.resetsAt)],
);
