import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { servers } from './servers.js';
import { teams } from './teams.js';

/**
 * A notification channel (docs/alerts.md) of a user or of a team (exactly one of the two). Its
 * destination (email address, webhook URL, Telegram chat id, webhook signing secret) is sealed
 * (crypto/secret-box) in `sealed_config`; `target` is what the list shows without the secret.
 * `alert_types` is the channel's row of the channel × alert type matrix.
 */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    target: varchar('target', { length: 255 }).notNull(),
    sealedConfig: text('sealed_config').notNull(),
    alertTypes: jsonb('alert_types').$type<string[]>().notNull(),
    /** Telegram: the SHA-256 of the pending one-time link code, and its expiry. */
    linkCodeHash: varchar('link_code_hash', { length: 64 }),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('alert_channels_user').on(table.userId),
    index('alert_channels_team').on(table.teamId),
    uniqueIndex('alert_channels_link_code').on(table.linkCodeHash),
  ],
);

/**
 * Incidents (`server:12:unreachable`): at most one open row per key, so opening an open incident
 * inserts nothing and sends nothing, across restarts too. Resolved rows stay as history. An
 * incident about a server goes with the server (`server_id`): nothing stays open for a machine
 * the panel no longer has.
 */
export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 191 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    subject: jsonb('subject').$type<{ serverId?: number; siteId?: number; userId?: number }>().notNull(),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    facts: jsonb('facts').$type<Record<string, string | number>>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alert_incidents_open_key')
      .on(table.key)
      .where(sql`resolved_at is null`),
  ],
);

/**
 * Addresses a user has signed in from (the SHA-256 of the address and the user id), so a sign-in
 * from one not seen before alerts `login.new_address`.
 */
export const alertLoginAddresses = pgTable(
  'alert_login_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: varchar('address_hash', { length: 64 }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('alert_login_addresses_user_address').on(table.userId, table.addressHash)],
);

/**
 * One-off alerts already sent, by key (`certificate:7:2026-12-31`, `cron:4:2026-12-01T04:00:00Z`):
 * what a periodic check finds again and again is alerted once.
 */
export const alertNotices = pgTable('alert_notices', {
  key: varchar('key', { length: 191 }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
