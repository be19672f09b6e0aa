import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { events } from './events.js';
import { servers } from './servers.js';

/**
 * A server offered by its owner to another account by email (issue 22 point 5,
 * docs/server-transfer.md). `pending` until the addressee accepts or declines or the sender
 * cancels; an offer past `expires_at` can no longer be accepted. One pending offer per server.
 *
 * On acceptance the panel's new key pair for the server is made and kept here (private half
 * sealed, purpose `servers.private_key`) until the rotation event has put it on the server; the
 * finished-event handler then moves it to the server's row and clears it here.
 */
export const serverTransfers = pgTable(
  'server_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }).notNull(),
    /** Who accepted (or declined); null while pending. */
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `pending|accepted|declined|cancelled` (contracts SERVER_TRANSFER_STATUSES). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days'`),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** What acceptance changed (contracts serverTransferReportSchema, without the rotation). */
    report: jsonb('report'),
    /** `pending|rotated|failed` once accepted (contracts KEY_ROTATION_STATUSES). */
    rotationStatus: varchar('rotation_status', { length: 16 }),
    rotationEventId: integer('rotation_event_id').references(() => events.id, { onDelete: 'set null' }),
    /** The key the rotation removes, and the one it installs (private half sealed). */
    oldPublicKey: text('old_public_key'),
    newPublicKey: text('new_public_key'),
    sealedNewPrivateKey: text('sealed_new_private_key'),
  },
  (table) => [
    uniqueIndex('server_transfers_pending_server')
      .on(table.serverId)
      .where(sql`${table.status} = 'pending'`),
    index('server_transfers_from_user').on(table.fromUserId),
    index('server_transfers_email').on(sql`lower(${table.email})`),
  ],
);
export type ServerTransferRow = typeof serverTransfers.$inferSelect;
