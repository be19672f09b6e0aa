import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A custom script (spec/001 §3 Custom script): a user's own (My Scripts) or shared with everyone
 * once approved (Share Scripts). The terminal's picker pastes or runs its content.
 */
export const customScripts = pgTable(
  'custom_scripts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memo: varchar('memo', { length: 255 }).notNull(),
    content: text('content').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** Shared scripts are listed to others only once an administrator approved them. */
    approved: boolean('approved').notNull().default(false),
    /**
     * sha256 (hex) of the content an administrator approved (SECURITY.md, shared scripts): the
     * script is listed to others only while its current content has this hash.
     */
    approvedHash: varchar('approved_hash', { length: 64 }),
    /** Why an administrator refused the shared script, shown to its author; cleared by an edit. */
    rejectionReason: text('rejection_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('custom_scripts_user').on(table.userId, table.createdAt)],
);
