import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { servers } from './servers.js';
import { sites } from './sites.js';

/**
 * A user's DNS provider credential (spec/000 §3 DNS providers and credentials, issue 19,
 * docs/dns-providers.md). `provider` is a provider's slug (cloudflare, digitalocean, bind9). The
 * token is sealed at rest (purpose `dns_credentials.token`) and never presented; a bind9
 * credential has no token but a server of the same user.
 */
export const dnsCredentials = pgTable(
  'dns_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    sealedToken: text('sealed_token'),
    /** The provider's account id where its API needs one (Cloudflare's, shown to the user). */
    account: varchar('account', { length: 128 }),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('dns_credentials_user_name').on(table.userId, table.name)],
);

/**
 * A free subdomain (issue 19, docs/free-domains.md): `{name}.{zone}` made for a site in the
 * operator's zone, its A record at the operator's credential, deleted when `expiresAt` passes
 * (FREE_DOMAIN_DNS_LIFETIME_DAYS) by the scheduled cleanup.
 */
export const freeDomains = pgTable(
  'free_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The full name, `{generated}.{zone}`. */
    hostname: varchar('hostname', { length: 253 }).notNull(),
    zone: varchar('zone', { length: 253 }).notNull(),
    credentialId: integer('credential_id').references(() => dnsCredentials.id, { onDelete: 'set null' }),
    /** The provider's id of the record, once made. */
    recordId: varchar('record_id', { length: 128 }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'set null' }),
    address: varchar('address', { length: 45 }).notNull(),
    /** `active`, `deleting` or `deleted`; a failed delete stays `active` and is retried. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('free_domains_hostname').on(table.hostname),
    index('free_domains_expires_at').on(table.status, table.expiresAt),
  ],
);
