import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A user's connection to a git provider (issue 21, `/user/git`, docs/git-providers.md): one per
 * user and provider (github, gitlab, bitbucket). The OAuth tokens are sealed at rest (purposes
 * `git_connections.access_token` and `git_connections.refresh_token`) and never presented.
 * `expiredAt` is set when the provider refused the token and no refresh brought it back: the page
 * then offers to reconnect (spec/000 §8 'Bitbucket access token expired!').
 */
export const gitConnections = pgTable(
  'git_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's id of the account (GitHub's and GitLab's number, Bitbucket's uuid). */
    accountId: varchar('account_id', { length: 64 }).notNull(),
    /** The account's login (shown, and the user's own namespace). */
    accountName: varchar('account_name', { length: 255 }).notNull(),
    sealedAccessToken: text('sealed_access_token').notNull(),
    sealedRefreshToken: text('sealed_refresh_token'),
    /** When the access token stops working (GitLab, Bitbucket); null when it does not expire. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scopes: varchar('scopes', { length: 512 }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('git_connections_user_provider').on(table.userId, table.provider)],
);

/**
 * An OAuth authorization in progress: the sha-256 of its `state`, bound to the user and the session
 * that started it. Taken (deleted) by the callback, so a state works once; it expires in minutes.
 */
export const gitOauthStates = pgTable(
  'git_oauth_states',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('git_oauth_states_expires_at').on(table.expiresAt)],
);
