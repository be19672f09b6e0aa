import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { servers } from './servers.js';
import { sites } from './sites.js';

/** A dump file of a database as the last sync saw it (createdAt: epoch seconds). */
export interface DatabaseDumpRecord {
  file: string;
  size: number;
  createdAt: number;
}

/** A user's access to one database, by the database's name. */
export interface DatabaseGrantRecord {
  database: string;
  access: 'all' | 'read';
}

/** A database on a server, created with a site, on its own, or found by a sync (spec/000 §3 databases). */
export const databases = pgTable(
  'databases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /** `mysql`, `mariadb`, `postgresql` or `mongod`. */
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /**
     * The site's user made with it (site databases); '' for a database made on its own or found by
     * a sync, whose users are rows of database_users.
     */
    username: varchar('username', { length: 32 }).notNull().default(''),
    sealedPassword: text('sealed_password'),
    /** `creating|active|deleting|gone`: settled when its event ends; `gone` when a sync missed it. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Made by the panel; false: found on the server by a sync. */
    managed: boolean('managed').notNull().default(true),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    owner: varchar('owner', { length: 64 }),
    dumps: jsonb('dumps').$type<DatabaseDumpRecord[]>().notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('databases_server_type_name').on(table.serverId, table.type, table.name)],
);

/** A database account on a server (spec/000 §3 database users); host '' outside MySQL/MariaDB. */
export const databaseUsers = pgTable(
  'database_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    host: varchar('host', { length: 64 }).notNull().default(''),
    /** Sealed with the panel's secret box; null when the panel does not know it (found by a sync). */
    sealedPassword: text('sealed_password'),
    /**
     * A new password while its change runs (sealed): it replaces sealedPassword when the event
     * succeeds and is dropped when it fails (an event's own input is cleared when it ends).
     */
    pendingSealedPassword: text('pending_sealed_password'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    managed: boolean('managed').notNull().default(true),
    grants: jsonb('grants').$type<DatabaseGrantRecord[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('database_users_server_type_name_host').on(
      table.serverId,
      table.type,
      table.name,
      table.host,
    ),
  ],
);
