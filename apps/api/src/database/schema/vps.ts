import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { servers } from './servers.js';

/**
 * A user's VPS provider credential (spec/000 §1 provider credentials, issue 23, docs/vps.md).
 * `provider` is a slug of contracts VPS_PROVIDER_SLUGS. The token is sealed at rest (purpose
 * `vps_credentials.token`) and never presented.
 */
export const vpsCredentials = pgTable(
  'vps_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    sealedToken: text('sealed_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('vps_credentials_user_name').on(table.userId, table.name)],
);

/**
 * A server the panel creates at a provider, and how far the creation went (docs/vps.md): every
 * step is resumable, so the provider's machine id is stored the moment the provider answers it,
 * and a retry after a crash looks the machine up instead of creating a second one. The row goes
 * with its server: a machine whose server is gone is then listed by the reconciliation.
 */
export const vpsMachines = pgTable(
  'vps_machines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** The credential it was made with; null once that credential is deleted. */
    credentialId: integer('credential_id').references(() => vpsCredentials.id, { onDelete: 'set null' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    region: varchar('region', { length: 64 }).notNull(),
    plan: varchar('plan', { length: 64 }).notNull(),
    /** The provider's id of the machine, as soon as it exists (null before). */
    machineId: varchar('machine_id', { length: 64 }),
    /** The provider's id of the SSH key the panel added for it, when the provider has keys. */
    sshKeyId: varchar('ssh_key_id', { length: 64 }),
    /** `creating`, `booting`, `ready` or `failed` (what the event last reached). */
    state: varchar('state', { length: 16 }).notNull().default('creating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vps_machines_server').on(table.serverId),
    index('vps_machines_credential').on(table.credentialId),
  ],
);
