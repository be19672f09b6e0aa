import { index, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A route parameter as the request named it: an id, or a name (never a body, never a query). */
export type AuditParams = Record<string, string | number>;

/**
 * The audit log (issue 22 point 4, docs/audit-log.md): one row per change a user asked for,
 * written by one hook (apps/api/src/audit/audit-recorder.ts). Append-only: a trigger of the
 * migration refuses UPDATE, DELETE and TRUNCATE. No foreign keys on purpose: deleting a user,
 * server or team must neither cascade into the log nor rewrite it (set null is an UPDATE).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who acted; null for a failed sign-in of an unknown account. */
    userId: integer('user_id'),
    method: varchar('method', { length: 8 }).notNull(),
    /** The route pattern (`/api/servers/:server/sites`), never the URL with its query. */
    route: varchar('route', { length: 255 }).notNull(),
    params: jsonb('params').$type<AuditParams>().notNull().default({}),
    serverId: integer('server_id'),
    siteId: integer('site_id'),
    /** The team the route names (or whose invitation it names). */
    teamId: integer('team_id'),
    status: smallint('status').notNull(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    /** The first event the action created (events are linked, never copied). */
    eventId: integer('event_id'),
  },
  (table) => [
    index('audit_logs_user').on(table.userId, table.id),
    index('audit_logs_team').on(table.teamId, table.id),
    index('audit_logs_server').on(table.serverId, table.id),
  ],
);
