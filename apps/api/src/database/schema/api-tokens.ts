import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '@hostdeck/contracts/api-tokens';
import { users } from './accounts.js';
import { teams } from './teams.js';

/**
 * Personal API tokens (issue 23 point 5): only the SHA-256 of the secret is kept, so a copy of the
 * database cannot call the API; `prefix` (the first characters) tells tokens apart in the list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A team token (issue 23 point 6): made by the team's owner or an admin (user_id), it reaches
     * only this team's servers and sites; deleting the team deletes it.
     */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    scopes: jsonb('scopes').$type<ApiTokenScope[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_tokens_user').on(table.userId), index('api_tokens_team').on(table.teamId)],
);
