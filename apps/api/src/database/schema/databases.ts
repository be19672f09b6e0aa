import { integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers.js';
import { sites } from './sites.js';

/** A database on a server, created with a site or on its own (spec/000 §3 databases). */
export const databases = pgTable(
  'databases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /** `mysql`, `mariadb` or `postgresql`. */
    type: varchar('type', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    username: varchar('username', { length: 32 }).notNull(),
    sealedPassword: text('sealed_password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('databases_server_type_name').on(table.serverId, table.type, table.name)],
);
