import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

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
    /** TOTP secret and recovery codes, sealed (crypto/secret-box.ts); never presented. */
    sealedTwoFactorSecret: text('sealed_two_factor_secret'),
    sealedTwoFactorRecoveryCodes: text('sealed_two_factor_recovery_codes'),
    /** Two-factor sign-in applies only once the user proved the authenticator works. */
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    /** Per-user preferences of spec/000 §3 (contracts `preferencesSchema`). */
    preferences: jsonb('preferences').notNull().default({}),
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
  /** The OpenSSH public key of `sealed_private_key` (Ed25519, one per server). */
  publicKey: text('public_key'),
  /** `password` or `command` (contracts CONNECT_METHODS). */
  connectMethod: varchar('connect_method', { length: 16 }).notNull().default('password'),
  /** What provisioning installs (contracts `provisionOptionsSchema`). */
  provision: jsonb('provision').notNull().default({}),
  provisionEventId: integer('provision_event_id'),
  /** `ubuntu-22.04`, `debian-12`… as detected over SSH (contracts SUPPORTED_OS_IDS). */
  osVersion: varchar('os_version', { length: 32 }),
  defaultLinuxUser: varchar('default_linux_user', { length: 32 }).notNull().default('hostdeck'),
  defaultPhp: varchar('default_php', { length: 8 }),
  timezone: varchar('timezone', { length: 64 }),
  /** Protected servers cannot be deleted (spec/000 §7 protect). */
  protected: boolean('protected').notNull().default(false),
  isVip: boolean('is_vip').notNull().default(false),
  hotfix: boolean('hotfix').notNull().default(false),
  agentVersion: integer('agent_version'),
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

/** Teams share servers and sites between users (spec/000 §3, §6). Every user has a personal team. */
export const teams = pgTable('teams', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 255 }).notNull(),
  personalTeam: boolean('personal_team').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Members of a team other than its owner, with their role (contracts `TEAM_ROLES`). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user').on(table.userId),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }).notNull(),
    role: varchar('role', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('team_invitations_team_email').on(table.teamId, sql`lower(${table.email})`)],
);

/** Servers a team shares; its members reach them (and their sites) through the policy layer. */
export const teamServers = pgTable(
  'team_servers',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.serverId] }),
    index('team_servers_server').on(table.serverId),
  ],
);

/** A user's favourite servers and sites (global search, server list). Per user, not per object. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    modelId: integer('model_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.modelId] })],
);

/** A paid plan; a user with an active one is a paid (VIP) user (spec/000 §3, §6). */
export const subscriptions = pgTable('subscriptions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: varchar('plan', { length: 64 }).notNull(),
  status: varchar('status', { length: 32 }).notNull().default('active'),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One outstanding password reset per email; the link carries the token, the table its SHA-256. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: varchar('email', { length: 255 }).primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail sent while no SMTP server is configured: the development outbox page and the log show it,
 * so sign-up and password reset work on a fresh `npm start`.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  recipient: varchar('recipient', { length: 255 }).notNull(),
  subject: varchar('subject', { length: 255 }).notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
