import {
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
import { servers } from './servers.js';

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
    /** The 8G firewall rules are included in the site's nginx vhost (apps/api/src/firewall-8g). */
    firewall8g: boolean('firewall_8g').notNull().default(false),
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
    /** Site lists (newest first: this index read backwards) read a page without sorting every site. */
    index('sites_list_order').on(table.createdAt, table.id),
  ],
);
