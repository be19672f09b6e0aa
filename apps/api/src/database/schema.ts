/**
 * The panel's tables, one file per area under schema/. Change them, then run
 * `npm run db:generate -w @hostdeck/api` and commit the generated migration: a reviewer sees every
 * schema change. drizzle-kit reads this file (drizzle.config.ts), so every area is re-exported here.
 */
export * from './schema/accounts.js';
export * from './schema/servers.js';
export * from './schema/events.js';
export * from './schema/teams.js';
export * from './schema/mail.js';
export * from './schema/sites.js';
export * from './schema/databases.js';
export * from './schema/certificates.js';
export * from './schema/deployments.js';
export * from './schema/scripts.js';
export * from './schema/terminal.js';
export * from './schema/rate-limits.js';
export * from './schema/schedules.js';
export * from './schema/ssh-keys.js';
export * from './schema/vpn.js';
export * from './schema/dns.js';
export * from './schema/backups.js';
export * from './schema/git.js';
export * from './schema/balancing.js';
export * from './schema/api-tokens.js';
export * from './schema/audit.js';
export * from './schema/server-transfers.js';
export * from './schema/billing.js';
export * from './schema/socialites.js';
export * from './schema/partner.js';
export * from './schema/idempotency.js';
export * from './schema/alerts.js';
export * from './schema/monitoring.js';
export * from './schema/vps.js';
