import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

/** A site's certificate: Let's Encrypt (ACME), imported, or a CSR waiting for its certificate. */
export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** `letsencrypt`, `imported` or `csr`. */
    type: varchar('type', { length: 16 }).notNull(),
    domains: jsonb('domains').notNull().default([]),
    /** `pending`, `issued`, `failed`. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    active: boolean('active').notNull().default(false),
    certificate: text('certificate'),
    sealedPrivateKey: text('sealed_private_key'),
    csr: text('csr'),
    lastError: text('last_error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    eventId: integer('event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('certificates_site').on(table.siteId, table.createdAt)],
);
