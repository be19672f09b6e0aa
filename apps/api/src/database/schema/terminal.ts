import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Single-use terminal tokens already spent (SECURITY.md, cross-site websockets), in the database so
 * that every panel process behind a balancer refuses a second use; a row lives until its token
 * expires (terminal/used-tokens.repository.ts).
 */
export const usedTerminalTokens = pgTable(
  'used_terminal_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_terminal_tokens_expires').on(table.expiresAt)],
);
