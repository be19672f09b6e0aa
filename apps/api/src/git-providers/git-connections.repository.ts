import { and, asc, eq, lt } from 'drizzle-orm';
import type { GitProviderSlug } from '@hostdeck/contracts/git-providers';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { gitConnections, gitOauthStates } from '../database/schema.js';

/** The purposes the tokens are sealed under (a token sealed for one column opens in no other). */
export const GIT_ACCESS_TOKEN_PURPOSE = 'git_connections.access_token';
export const GIT_REFRESH_TOKEN_PURPOSE = 'git_connections.refresh_token';

export type GitConnectionRow = typeof gitConnections.$inferSelect;
export type GitOauthStateRow = typeof gitOauthStates.$inferSelect;

export interface GitTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string | null;
}

/**
 * The git_connections and git_oauth_states tables. Tokens are sealed here and opened only for the
 * adapter's calls; connections are always looked up with their owner.
 */
export function createGitConnectionsRepository(db: Database, secretBox: Pick<SecretBox, 'seal' | 'open'>) {
  const sealed = (tokens: GitTokens) => ({
    sealedAccessToken: secretBox.seal(tokens.accessToken, GIT_ACCESS_TOKEN_PURPOSE),
    sealedRefreshToken:
      tokens.refreshToken === null ? null : secretBox.seal(tokens.refreshToken, GIT_REFRESH_TOKEN_PURPOSE),
    tokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes?.slice(0, 512) ?? null,
  });
  return {
    listOwned(userId: number): Promise<GitConnectionRow[]> {
      return db
        .select()
        .from(gitConnections)
        .where(eq(gitConnections.userId, userId))
        .orderBy(asc(gitConnections.id));
    },

    async findOwned(userId: number, provider: GitProviderSlug): Promise<GitConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(gitConnections)
        .where(and(eq(gitConnections.userId, userId), eq(gitConnections.provider, provider)));
      return row;
    },

    /** Connects, or reconnects (a new account or new tokens replace the old ones). */
    async save(values: {
      userId: number;
      provider: GitProviderSlug;
      accountId: string;
      accountName: string;
      tokens: GitTokens;
    }): Promise<GitConnectionRow> {
      const fields = {
        accountId: values.accountId.slice(0, 64),
        accountName: values.accountName.slice(0, 255),
        ...sealed(values.tokens),
        expiredAt: null,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(gitConnections)
        .values({ userId: values.userId, provider: values.provider, ...fields })
        .onConflictDoUpdate({ target: [gitConnections.userId, gitConnections.provider], set: fields })
        .returning();
      return row!;
    },

    async updateTokens(id: number, tokens: GitTokens): Promise<GitConnectionRow> {
      const [row] = await db
        .update(gitConnections)
        .set({ ...sealed(tokens), expiredAt: null, updatedAt: new Date() })
        .where(eq(gitConnections.id, id))
        .returning();
      return row!;
    },

    async markExpired(id: number, at: Date): Promise<void> {
      await db.update(gitConnections).set({ expiredAt: at, updatedAt: at }).where(eq(gitConnections.id, id));
    },

    async remove(userId: number, provider: GitProviderSlug): Promise<boolean> {
      const removed = await db
        .delete(gitConnections)
        .where(and(eq(gitConnections.userId, userId), eq(gitConnections.provider, provider)))
        .returning({ id: gitConnections.id });
      return removed.length > 0;
    },

    openAccessToken(row: GitConnectionRow): string {
      return secretBox.open(row.sealedAccessToken, GIT_ACCESS_TOKEN_PURPOSE);
    },

    openRefreshToken(row: GitConnectionRow): string | null {
      return row.sealedRefreshToken
        ? secretBox.open(row.sealedRefreshToken, GIT_REFRESH_TOKEN_PURPOSE)
        : null;
    },

    async saveState(values: Omit<GitOauthStateRow, 'createdAt'>): Promise<void> {
      await db.delete(gitOauthStates).where(lt(gitOauthStates.expiresAt, new Date()));
      await db.insert(gitOauthStates).values(values);
    },

    /** Takes a state: whoever presents it, it is gone afterwards (single use). */
    async takeState(stateHash: string): Promise<GitOauthStateRow | undefined> {
      const [row] = await db
        .delete(gitOauthStates)
        .where(eq(gitOauthStates.stateHash, stateHash))
        .returning();
      return row;
    },
  };
}
export type GitConnectionsRepository = ReturnType<typeof createGitConnectionsRepository>;
