import { and, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { favorites } from '../database/schema.js';

/** What a favourite points at; sites will use 'site' (spec/000 §2 Global search). */
export const FAVORITE_KINDS = { server: 'server', site: 'site' } as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[keyof typeof FAVORITE_KINDS];

/** A user's favourites. Callers check access first (policy); this only records the choice. */
export function createFavoritesRepository(db: Database) {
  const key = (userId: number, kind: FavoriteKind, modelId: number) =>
    and(eq(favorites.userId, userId), eq(favorites.kind, kind), eq(favorites.modelId, modelId));

  return {
    async isFavorite(userId: number, kind: FavoriteKind, modelId: number): Promise<boolean> {
      const rows = await db
        .select({ id: favorites.modelId })
        .from(favorites)
        .where(key(userId, kind, modelId));
      return rows.length > 0;
    },

    async setFavorite(userId: number, kind: FavoriteKind, modelId: number, favorite: boolean) {
      if (favorite) {
        await db.insert(favorites).values({ userId, kind, modelId }).onConflictDoNothing();
      } else {
        await db.delete(favorites).where(key(userId, kind, modelId));
      }
    },
  };
}
export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
