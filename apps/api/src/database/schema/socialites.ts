import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A user's linked GitHub or Google account (docs/socialites.md). The provider's tokens are not
 * kept: they are needed only to read the account at sign-in.
 */
export const socialites = pgTable(
  'socialites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's stable id of the account (GitHub's numeric id, Google's `sub`). */
    providerUserId: varchar('provider_user_id', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }),
    accountName: varchar('account_name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('socialites_provider_account_unique').on(table.provider, table.providerUserId),
    uniqueIndex('socialites_user_provider_unique').on(table.userId, table.provider),
  ],
);

/**
 * A sign-in or link in progress: single use, short-lived. Only the state's hash is stored; the
 * PKCE verifier and the nonce are sealed (crypto/secret-box). `userId`/`sessionId` are set when a
 * signed-in user links.
 */
export const socialAuthStates = pgTable(
  'social_auth_states',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: varchar('session_id', { length: 64 }),
    sealedVerifier: text('sealed_verifier').notNull(),
    sealedNonce: text('sealed_nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('social_auth_states_expires_at').on(table.expiresAt)],
);
