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
import type { EventTextValues } from '@hostdeck/contracts';

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
    /** English, for rows read by older code; readers get `descriptionId` in their language. */
    description: varchar('description', { length: 255 }).notNull(),
    /** EVENT_DESCRIPTIONS id and its values (contracts); null on rows stored before ids. */
    descriptionId: varchar('description_id', { length: 64 }),
    descriptionValues: jsonb('description_values').$type<EventTextValues>().notNull().default({}),
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
    /** EVENT_ERRORS id and values when the error line is one of them (errorReason is its English). */
    errorId: varchar('error_id', { length: 64 }),
    errorValues: jsonb('error_values').$type<EventTextValues>().notNull().default({}),
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

/**
 * A website on a server (spec/000 §3 Site). Its home is /home/{linux_user}/{name}; the vhost, the
 * PHP-FPM pool and the Unix user (when isolated) live on the server, rendered from this row.
 * An alias site has `site_id` (its parent) and shares the parent's home and vhost.
 */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The primary domain: also the folder name under the home and the vhost's file name. */
    name: varchar('name', { length: 253 }).notNull(),
    displayName: varchar('display_name', { length: 255 }),
    linuxUser: varchar('linux_user', { length: 32 }).notNull(),
    /** The site has its own Unix user and PHP-FPM pool (website isolation). */
    isolated: boolean('isolated').notNull().default(false),
    /** The root document, relative to the site's home (spec/000 §9 default '/'). */
    directory: varchar('directory', { length: 255 }).notNull().default('/'),
    phpVersion: varchar('php_version', { length: 8 }),
    proxyPort: integer('proxy_port'),
    wildcard: boolean('wildcard').notNull().default(false),
    /** `nginx` or `apache2`: the web server that serves it. */
    webServer: varchar('web_server', { length: 16 }).notNull().default('nginx'),
    enabled: boolean('enabled').notNull().default(true),
    protected: boolean('protected').notNull().default(false),
    /** `creating`, `active`, `failed`, `deleting` (the create and delete events drive it). */
    status: varchar('status', { length: 16 }).notNull().default('creating'),
    codeType: varchar('code_type', { length: 32 }),
    /** Files owned by root and not writable by the site's user (settings: lockdown). */
    lockdown: boolean('lockdown').notNull().default(false),
    /** IP addresses the vhost listens on; empty means every address (settings: bindings). */
    bindings: jsonb('bindings').notNull().default([]),
    telegramNotification: boolean('telegram_notification').notNull().default(true),
    /** The certificate the vhost serves, when one is active. */
    certificateId: integer('certificate_id'),
    /** Token of the public certificate-renewal endpoints, sealed. */
    sealedRenewToken: text('sealed_renew_token'),
    // Deployments (spec/000 §7 deploys)
    repository: varchar('repository', { length: 512 }),
    branch: varchar('branch', { length: 255 }),
    deployScript: text('deploy_script'),
    sealedEnvironment: text('sealed_environment'),
    deployPublicKey: text('deploy_public_key'),
    sealedDeployKey: text('sealed_deploy_key'),
    sealedDeployToken: text('sealed_deploy_token'),
    autoDeploy: boolean('auto_deploy').notNull().default(false),
    /** The release `current` points at (releases live in {home}/releases/{name}). */
    currentRelease: varchar('current_release', { length: 64 }),
    createEventId: integer('create_event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sites_server_name').on(table.serverId, table.name),
    index('sites_parent').on(table.siteId),
  ],
);

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

/** A site's certificate: Let's Encrypt (ACME), imported, or a CSR waiting for its certificate. */
export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** `letsencrypt`, `imported` or `csr`. */
    type: varchar('type', { length: 16 }).notNull(),
    domains: jsonb('domains').notNull().default([]),
    /** `pending`, `issued`, `failed`. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    active: boolean('active').notNull().default(false),
    certificate: text('certificate'),
    sealedPrivateKey: text('sealed_private_key'),
    csr: text('csr'),
    lastError: text('last_error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    eventId: integer('event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('certificates_site').on(table.siteId, table.createdAt)],
);

/** One deployment of a site: a release directory, switched live only when its build succeeded. */
export const deployments = pgTable(
  'deployments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    eventId: integer('event_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `manual`, `webhook` or `rollback`. */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    release: varchar('release', { length: 64 }).notNull(),
    branch: varchar('branch', { length: 255 }),
    commit: varchar('commit', { length: 64 }),
    /** `pending`, `running`, `finished`, `failed`. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('deployments_site').on(table.siteId, table.createdAt)],
);

/** A command run in a site's directory as the site's user (spec/000 §7 commands). */
export const siteCommands = pgTable(
  'site_commands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    eventId: integer('event_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    command: text('command').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('site_commands_site').on(table.siteId, table.createdAt)],
);

/**
 * A custom script (spec/001 §3 Custom script): a user's own (My Scripts) or shared with everyone
 * once approved (Share Scripts). The terminal's picker pastes or runs its content.
 */
export const customScripts = pgTable(
  'custom_scripts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memo: varchar('memo', { length: 255 }).notNull(),
    content: text('content').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** Shared scripts are listed to others only once an administrator approved them. */
    approved: boolean('approved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('custom_scripts_user').on(table.userId, table.createdAt)],
);

/**
 * Single-use terminal tokens already spent (SECURITY.md, cross-site websockets), in the database so
 * that every panel process behind a balancer refuses a second use; a row lives until its token
 * expires (terminal/used-tokens.ts).
 */
export const usedTerminalTokens = pgTable(
  'used_terminal_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_terminal_tokens_expires').on(table.expiresAt)],
);

/**
 * Rate-limit counters of every panel process (http/rate-limit-store.ts): one row per limited key
 * (its SHA-256, so no email or address is kept), counted until the window ends.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets').on(table.resetsAt)],
);
