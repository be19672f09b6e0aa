import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { servers } from './servers.js';

/**
 * A cron job the panel made on a server (issue 16, spec/000 §3 schedules_count, §7 schedules). On
 * the server it is `/etc/cron.d/hostdeck-schedule-<id>`, which runs the panel's wrapper
 * (`/usr/local/lib/hostdeck/cron-run <id>`); the command itself is kept in
 * `/var/lib/hostdeck/cron/<id>/command`, never in the cron line (docs/schedules.md).
 */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    linuxUser: varchar('linux_user', { length: 32 }).notNull(),
    command: text('command').notNull(),
    /** Five cron fields or a macro; a preset is stored as its cron text (`@reboot` included). */
    expression: varchar('expression', { length: 64 }).notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull().default(3600),
    /** `creating|active|updating|deleting|failed`: settled when its event ends. */
    status: varchar('status', { length: 16 }).notNull().default('creating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('schedules_server_id').on(table.serverId)],
);

export type ScheduleRow = typeof schedules.$inferSelect;
