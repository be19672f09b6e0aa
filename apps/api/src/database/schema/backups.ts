import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { events } from './events.js';
import { servers } from './servers.js';

/**
 * Backups (issue 20, spec/000 §3/§7, docs/backups.md). The engine is restic on the server; the
 * panel keeps what to back up, where, and what each run and verification proved.
 */

/**
 * Where snapshots go: an S3 bucket, an SFTP account, another of the user's servers, or a folder of
 * the same server (`local`, not a backup). `settings` holds only non-secret fields (endpoint,
 * region, bucket, access key id, host, port, user, path); the S3 secret key or the SSH private key
 * is sealed (purpose `backup_drives.secret`) and never presented. The public half of a panel-made
 * key pair is shown so the user can authorize it.
 */
export const backupDrives = pgTable(
  'backup_drives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** `s3|sftp|server|local`. */
    kind: varchar('kind', { length: 16 }).notNull(),
    settings: jsonb('settings').notNull().default({}),
    sealedSecret: text('sealed_secret'),
    publicKey: text('public_key'),
    /** A `server` drive's target; null once that server is deleted (the drive then fails its checks). */
    targetServerId: integer('target_server_id').references(() => servers.id, { onDelete: 'set null' }),
    /** The last probe: when it passed, or why it failed (null: never probed or passed). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkError: text('check_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('backup_drives_user_name').on(table.userId, table.name)],
);
export type BackupDriveRow = typeof backupDrives.$inferSelect;

/**
 * What a server backs up to one drive, and when (one config per server and drive). On the server:
 * `/etc/hostdeck/backups/<id>/` and `/etc/cron.d/hostdeck-backup-<id>`. The restic repository
 * password is made by the panel and sealed (purpose `backup_configs.repository_password`).
 */
export const backupConfigs = pgTable(
  'backup_configs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    // No action (checked at the end of the statement): a drive in use cannot be deleted on its
    // own (the API says so first), but deleting a user removes their servers' configs with it.
    driveId: integer('drive_id')
      .notNull()
      .references(() => backupDrives.id),
    /** `creating|active|updating|deleting|failed`: settled when its event ends. */
    status: varchar('status', { length: 16 }).notNull().default('creating'),
    /** `daily|weekly|monthly`. */
    period: varchar('period', { length: 16 }).notNull().default('daily'),
    /** HH:MM in the server's time zone. */
    runAt: varchar('run_at', { length: 5 }).notNull().default('02:00'),
    excludes: jsonb('excludes').$type<string[]>().notNull().default([]),
    cycle: jsonb('cycle').$type<{ daily: number; weekly: number; monthly: number }>().notNull(),
    /** `after-backup|daily|weekly|off`. */
    verify: varchar('verify', { length: 16 }).notNull().default('weekly'),
    siteIds: jsonb('site_ids').$type<number[]>().notNull().default([]),
    databaseIds: jsonb('database_ids').$type<number[]>().notNull().default([]),
    sealedRepositoryPassword: text('sealed_repository_password').notNull(),
    /** The last verification failed (an alert until one passes). */
    alert: boolean('alert').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('backup_configs_server_id').on(table.serverId),
    uniqueIndex('backup_configs_server_drive').on(table.serverId, table.driveId),
  ],
);
export type BackupConfigRow = typeof backupConfigs.$inferSelect;

/**
 * One run (manual, cron, or a `missed` row for a planned run nothing recorded). `succeeded` only
 * when the run's own result said so and named a snapshot the repository lists.
 */
export const backupHistories = pgTable(
  'backup_histories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    configId: integer('config_id').references(() => backupConfigs.id, { onDelete: 'set null' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** `cron|manual|missed`. */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    /** `running|succeeded|partial|failed|missed`. */
    state: varchar('state', { length: 16 }).notNull(),
    snapshotId: varchar('snapshot_id', { length: 64 }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    files: integer('files'),
    /** `{ sites: [{name, ok, reason}], databases: [{name, engine, ok, reason}] }`. */
    details: jsonb('details').notNull().default({}),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('backup_histories_server_started').on(table.serverId, table.startedAt),
    index('backup_histories_config_started').on(table.configId, table.startedAt),
    // A cron run posted and also read back from the server, or a missed time checked twice, is one
    // row; manual runs are keyed by their event.
    uniqueIndex('backup_histories_config_run')
      .on(table.configId, table.trigger, table.startedAt)
      .where(sql`${table.trigger} <> 'manual'`),
  ],
);
export type BackupHistoryRow = typeof backupHistories.$inferSelect;

/** One verification: `restic check`, a test restore and the manifest compared. */
export const backupVerifications = pgTable(
  'backup_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    configId: integer('config_id')
      .notNull()
      .references(() => backupConfigs.id, { onDelete: 'cascade' }),
    snapshotId: varchar('snapshot_id', { length: 64 }),
    ok: boolean('ok').notNull(),
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
  },
  (table) => [index('backup_verifications_config_checked').on(table.configId, table.checkedAt)],
);
export type BackupVerificationRow = typeof backupVerifications.$inferSelect;

/**
 * A server's backup callback token (public POST api/backup-history, GET …/backups/{b}/script):
 * only its sha256 is kept; the plain token reaches the server once, on stdin.
 */
export const serverBackupTokens = pgTable('server_backup_tokens', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
