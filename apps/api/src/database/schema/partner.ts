import { index, integer, pgTable, primaryKey, timestamp, text, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { servers } from './servers.js';

/**
 * The partner API and the public forms (issue 23 point 7, docs/partner-api.md). Secrets (access
 * tokens, install secrets, subscription links) are kept as their SHA-256 only.
 */

/** Accounts an administrator marked as partners (PUT api/admin/users/{user}/partner). */
export const partners = pgTable('partners', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabledBy: integer('enabled_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A partner's customers: the accounts it created through POST api/partner/server (invited by
 * email). A partner makes servers for these accounts only, never for an account it did not create.
 */
export const partnerCustomers = pgTable(
  'partner_customers',
  {
    partnerUserId: integer('partner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerUserId: integer('customer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.partnerUserId, table.customerUserId] })],
);

/** Short-lived bearer tokens (`hdp_…`) answered by POST api/partner/token. */
export const partnerAccessTokens = pgTable(
  'partner_access_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerUserId: integer('partner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partner_access_tokens_partner').on(table.partnerUserId)],
);

/**
 * Servers a partner made for a customer (the server row belongs to the customer), with the
 * server's one-time install secret (`hdi_…`): it authenticates GET api/servers/{server}/verify and
 * /decrypt, and is spent by the first verify that connects.
 */
export const partnerServers = pgTable(
  'partner_servers',
  {
    serverId: integer('server_id')
      .primaryKey()
      .references(() => servers.id, { onDelete: 'cascade' }),
    partnerUserId: integer('partner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installSecretHash: varchar('install_secret_hash', { length: 64 }).notNull().unique(),
    installSecretExpiresAt: timestamp('install_secret_expires_at', { withTimezone: true }).notNull(),
    installSecretUsedAt: timestamp('install_secret_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partner_servers_partner').on(table.partnerUserId)],
);

/** Messages of the public contact form (POST api/contact); admins read them. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 150 }).notNull(),
    message: text('message').notNull(),
    locale: varchar('locale', { length: 8 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_email').on(table.email, table.createdAt)],
);

/** Newsletter subscribers (POST api/subscribes), double opt-in; admins read them. */
export const subscribers = pgTable('subscribers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  locale: varchar('locale', { length: 8 }).notNull(),
  confirmTokenHash: varchar('confirm_token_hash', { length: 64 }).unique(),
  unsubscribeTokenHash: varchar('unsubscribe_token_hash', { length: 64 }).notNull().unique(),
  /** Confirmation mails sent this hour (the per-email limit), and when that hour began. */
  mailsSent: integer('mails_sent').notNull().default(0),
  mailWindowStart: timestamp('mail_window_start', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
