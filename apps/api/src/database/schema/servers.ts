import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

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
  /** The version `php` runs on the command line (`update-alternatives`), when the panel set it. */
  phpCli: varchar('php_cli', { length: 8 }),
  /**
   * PHP's limits per installed version, `{ "8.2": { upload_size_mb, execution_time, opcache, ioncube } }`
   * (contracts `php.ts`); a version absent here has the defaults. Rendered into the version's ini and
   * into the pool and web server include of each of its sites.
   */
  phpSettings: jsonb('php_settings').notNull().default({}),
  /**
   * The public half of the server's GitHub deploy key (spec/000 §3 ssh_key_github): the default
   * Linux user's `~/.ssh/id_ed25519_github`, made on the server; its private half never leaves it.
   */
  sshKeyGithub: text('ssh_key_github'),
  /** The WireGuard interface's UDP port (spec/000 §3 wireguard_port); null until the interface is made. */
  wireguardPort: integer('wireguard_port'),
  /** MTProxy's TCP port (spec/000 §3 mtproxy_port); null until MTProxy is set up from its page. */
  mtproxyPort: integer('mtproxy_port'),
  /**
   * MTProxy's secret (spec/000 §3 mtproxy_secret), sealed (purpose `servers.mtproxy_secret`): the
   * 16 random bytes in hex. The FakeTLS secret clients get is `ee` + these + the domain in hex.
   */
  sealedMtproxySecret: text('sealed_mtproxy_secret'),
  /** The FakeTLS domain MTProxy's traffic looks like (a setting of its page). */
  mtproxyDomain: varchar('mtproxy_domain', { length: 253 }),
  timezone: varchar('timezone', { length: 64 }),
  /** Protected servers cannot be deleted (spec/000 §7 protect). */
  protected: boolean('protected').notNull().default(false),
  isVip: boolean('is_vip').notNull().default(false),
  hotfix: boolean('hotfix').notNull().default(false),
  agentVersion: integer('agent_version'),
  /** The VPS provider the server was created at (contracts VPS_PROVIDER_SLUGS), else null (docs/vps.md). */
  vpsProvider: varchar('vps_provider', { length: 32 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
