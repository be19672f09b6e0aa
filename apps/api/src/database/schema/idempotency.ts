import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Answers kept for `Idempotency-Key` (issue 23 point 5, docs/api-tokens.md): one row per caller
 * (an account `u:ID` or a token `t:ID`), method, route pattern and key. `status` is null while the
 * first call runs; `body` is the answer sealed with the secret box (never in clear). 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caller: varchar('caller', { length: 32 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    route: varchar('route', { length: 255 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    bodyHash: varchar('body_hash', { length: 64 }).notNull(),
    status: integer('status'),
    contentType: varchar('content_type', { length: 128 }),
    body: text('body'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_call').on(table.caller, table.method, table.route, table.key),
    index('idempotency_keys_expires').on(table.expiresAt),
  ],
);
