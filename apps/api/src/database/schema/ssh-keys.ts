import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { servers } from './servers.js';

/**
 * An account's SSH public keys (issue 17, `/user/ssh-keys`, spec/000 §7 user SSH keys). Only the
 * public half is ever stored: a key made by `api/generate-ssh-key` shows its private half once.
 */
export const userSshKeys = pgTable(
  'user_ssh_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** One OpenSSH line without options: `ssh-ed25519 AAAA… comment`. */
    publicKey: text('public_key').notNull(),
    /** `SHA256:…`, as `ssh-keygen -l` prints it; unique per account. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_ssh_keys_user_fingerprint').on(table.userId, table.fingerprint)],
);

/**
 * Where an account key was put: one row per server and Linux user, so "remove from all" knows
 * every place. Written when the add event ends well, removed when the remove event does.
 */
export const userSshKeyPlacements = pgTable(
  'user_ssh_key_placements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    keyId: integer('key_id')
      .notNull()
      .references(() => userSshKeys.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    linuxUser: varchar('linux_user', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_ssh_key_placements_unique').on(table.keyId, table.serverId, table.linuxUser),
    index('user_ssh_key_placements_server').on(table.serverId),
  ],
);

export type UserSshKeyRow = typeof userSshKeys.$inferSelect;
export type UserSshKeyPlacementRow = typeof userSshKeyPlacements.$inferSelect;
