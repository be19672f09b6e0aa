import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The panel's tables. Change this file, then run `npm run db:generate -w @hostdeck/api` and commit
 * the generated migration: a reviewer sees every schema change.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    locale: varchar('locale', { length: 8 }).notNull().default('en'),
    profilePhotoPath: text('profile_photo_path'),
    currentTeamId: integer('current_team_id'),
    hotfix: boolean('hotfix').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

/** Browser sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable('sessions', {
  id: varchar('id', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ipAddress: varchar('ip_address', { length: 45 }),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Managed servers. Credentials are sealed (crypto/secret-box.ts) and never leave the panel:
 * presenters never read these columns.
 */
export const servers = pgTable('servers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 255 }).notNull(),
  ip: varchar('ip', { length: 45 }).notNull(),
  port: integer('port').notNull().default(22),
  sshUser: varchar('ssh_user', { length: 32 }).notNull().default('root'),
  sealedPrivateKey: text('sealed_private_key'),
  sealedPassword: text('sealed_password'),
  hostKeyFingerprint: varchar('host_key_fingerprint', { length: 100 }),
  status: varchar('status', { length: 32 }).notNull().default('PENDING'),
  installed: boolean('installed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every operation on a server is an event (spec/000 §3–4). The row is the truth; the queue only
 * schedules. A running event holds a lease that its worker renews; the reaper turns an event whose
 * lease expired into ERROR, so no event stays running forever.
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: varchar('type', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id'),
    modelId: integer('model_id'),
    modelType: varchar('model_type', { length: 64 }),
    status: varchar('status', { length: 32 }).notNull().default('PENDING'),
    isFinished: boolean('is_finished').notNull().default(false),
    /** Mutating events run one at a time per server. */
    mutating: boolean('mutating').notNull().default(true),
    recipeId: varchar('recipe_id', { length: 64 }),
    /**
     * The validated recipe input, sealed (it may hold passwords). Cleared when the event finishes,
     * so secrets are kept only while they are needed.
     */
    sealedInput: text('sealed_input'),
    /** The step to start from ("retry from here"). */
    startStepId: varchar('start_step_id', { length: 64 }),
    currentStepId: varchar('current_step_id', { length: 64 }),
    output: text('output').notNull().default(''),
    outputBytes: integer('output_bytes').notNull().default(0),
    outputTruncated: boolean('output_truncated').notNull().default(false),
    errorReason: text('error_reason'),
    queueJobId: varchar('queue_job_id', { length: 64 }),
    leaseOwner: varchar('lease_owner', { length: 64 }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_user_created').on(table.userId, table.createdAt),
    index('events_server_created').on(table.serverId, table.createdAt),
    index('events_running_lease')
      .on(table.leaseExpiresAt)
      .where(sql`${table.status} = 'RUNNING'`),
    // The database itself guarantees one running mutating event per server.
    uniqueIndex('events_one_running_per_server')
      .on(table.serverId)
      .where(sql`${table.status} = 'RUNNING' and ${table.mutating}`),
  ],
);
