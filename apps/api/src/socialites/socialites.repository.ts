import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { socialAuthStates, socialites } from '../database/schema.js';

export type SocialiteRow = typeof socialites.$inferSelect;
export type SocialAuthStateRow = typeof socialAuthStates.$inferSelect;

/** Linked provider accounts and the states of sign-ins in progress (docs/socialites.md). */
export function createSocialitesRepository(db: Database) {
  return {
    listOwned(userId: number): Promise<SocialiteRow[]> {
      return db.select().from(socialites).where(eq(socialites.userId, userId)).orderBy(socialites.id);
    },

    async findByAccount(provider: string, providerUserId: string): Promise<SocialiteRow | null> {
      const rows = await db
        .select()
        .from(socialites)
        .where(and(eq(socialites.provider, provider), eq(socialites.providerUserId, providerUserId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insert(
      executor: Pick<Database, 'insert'>,
      values: Omit<typeof socialites.$inferInsert, 'id' | 'createdAt'>,
    ): Promise<void> {
      await executor.insert(socialites).values(values);
    },

    /** Removes the caller's own link only: another user's is not found. */
    async removeOwned(userId: number, provider: string): Promise<boolean> {
      const rows = await db
        .delete(socialites)
        .where(and(eq(socialites.userId, userId), eq(socialites.provider, provider)))
        .returning({ id: socialites.id });
      return rows.length > 0;
    },

    async saveState(values: typeof socialAuthStates.$inferInsert): Promise<void> {
      await db.delete(socialAuthStates).where(lt(socialAuthStates.expiresAt, new Date()));
      await db.insert(socialAuthStates).values(values);
    },

    /** Takes a state once: whoever comes second finds nothing (a replayed callback). */
    async takeState(stateHash: string): Promise<SocialAuthStateRow | null> {
      const rows = await db
        .delete(socialAuthStates)
        .where(eq(socialAuthStates.stateHash, stateHash))
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type SocialitesRepository = ReturnType<typeof createSocialitesRepository>;
