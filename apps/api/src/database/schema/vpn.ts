import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { servers } from './servers.js';

/**
 * WireGuard client users of a server (spec/000 §3, issue 18): one peer each on the server's
 * interface. The client's private key is made by the panel (it goes into the client's `.conf`) and
 * sealed at rest (purpose `wireguard_clients.private_key`); the server's own key never leaves it.
 */
export const wireguardClients = pgTable(
  'wireguard_clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    /** The client's tunnel address (IPv4, no prefix), the next free one of the interface's /24. */
    address: varchar('address', { length: 15 }).notNull(),
    publicKey: varchar('public_key', { length: 44 }).notNull(),
    sealedPrivateKey: text('sealed_private_key').notNull(),
    sealedPresharedKey: text('sealed_preshared_key'),
    enabled: boolean('enabled').notNull().default(true),
    /** `creating`, `active` or `deleting`: settled by the finished-event handler, whatever the end. */
    status: varchar('status', { length: 16 }).notNull().default('creating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wireguard_clients_server_name').on(table.serverId, table.name),
    uniqueIndex('wireguard_clients_server_address').on(table.serverId, table.address),
  ],
);

/**
 * A private network between one account's servers (issue 18 moonshot): its own WireGuard
 * interface on each member, so a database can listen on the member's address there only.
 */
export const privateNetworks = pgTable(
  'private_networks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    /** An IPv4 /24, `10.x.y.0/24`. */
    cidr: varchar('cidr', { length: 18 }).notNull(),
    /** The UDP port every member listens on for this network. */
    port: integer('port').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('private_networks_user_name').on(table.userId, table.name)],
);

/** A server in a private network: its address there and its public key (made on the server). */
export const privateNetworkMembers = pgTable(
  'private_network_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id')
      .notNull()
      .references(() => privateNetworks.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    address: varchar('address', { length: 15 }).notNull(),
    /** Null until the join event read it from the server. */
    publicKey: varchar('public_key', { length: 44 }),
    /** `joining`, `active`, `leaving` or `error`: settled by the finished-event handler. */
    status: varchar('status', { length: 16 }).notNull().default('joining'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('private_network_members_network_server').on(table.networkId, table.serverId),
    uniqueIndex('private_network_members_network_address').on(table.networkId, table.address),
    index('private_network_members_server').on(table.serverId),
  ],
);
