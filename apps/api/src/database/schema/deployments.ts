import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { sites } from './sites.js';

/** One deployment of a site: a release directory, switched live only when its build succeeded. */
export const deployments = pgTable(
  'deployments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    eventId: integer('event_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `manual`, `webhook` or `rollback`. */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    release: varchar('release', { length: 64 }).notNull(),
    branch: varchar('branch', { length: 255 }),
    commit: varchar('commit', { length: 64 }),
    /** `pending`, `running`, `finished`, `failed`. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('deployments_site').on(table.siteId, table.createdAt)],
);

/** A command run in a site's directory as the site's user (spec/000 §7 commands). */
export const siteCommands = pgTable(
  'site_commands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    eventId: integer('event_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    command: text('command').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('site_commands_site').on(table.siteId, table.createdAt)],
);
