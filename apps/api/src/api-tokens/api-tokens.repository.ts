import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { ApiTokenScope } from '@hostdeck/contracts/api-tokens';
import type { Database } from '../database/database.js';
import { apiTokens, users } from '../database/schema.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The api_tokens table: an account's tokens, and the caller a presented token stands for. */
export function createApiTokensRepository(db: Database) {
  return {
    /** The account's own tokens (team tokens are the team's: listTeam). */
    listOwned(userId: number): Promise<ApiTokenRow[]> {
      return db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.teamId)))
        .orderBy(asc(apiTokens.id));
    },

    async countOwned(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.teamId)));
      return row?.n ?? 0;
    },

    listTeam(teamId: number): Promise<ApiTokenRow[]> {
      return db.select().from(apiTokens).where(eq(apiTokens.teamId, teamId)).orderBy(asc(apiTokens.id));
    },

    async countTeam(teamId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.teamId, teamId));
      return row?.n ?? 0;
    },

    /** Deletes a team's token; false when it is not the team's (or gone). */
    async deleteTeam(teamId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.teamId, teamId), eq(apiTokens.id, id)))
        .returning({ id: apiTokens.id });
      return deleted.length > 0;
    },

    async insert(row: {
      userId: number;
      teamId?: number | null;
      name: string;
      tokenHash: string;
      prefix: string;
      scopes: ApiTokenScope[];
      expiresAt: Date | null;
    }): Promise<ApiTokenRow> {
      const [inserted] = await db.insert(apiTokens).values(row).returning();
      return inserted!;
    },

    /** Deletes the caller's token; false when it is not theirs (or gone). */
    async deleteOwned(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id), isNull(apiTokens.teamId)))
        .returning({ id: apiTokens.id });
      return deleted.length > 0;
    },
  };
}
export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;

/** The token with this hash and its owner; null when there is none. */
export async function findApiTokenByHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function touchApiToken(db: Database, id: number, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}
