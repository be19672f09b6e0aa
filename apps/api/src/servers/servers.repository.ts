import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { favorites, servers } from '../database/schema.js';
import { serverColumns, serverIsVisibleTo } from '../policy/server-policy.js';
import { FAVORITE_KINDS } from './favorites.repository.js';

/** Escapes LIKE wildcards so a search for "10_0" finds that text, not any character. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createServersRepository(db: Database) {
  return {
    /**
     * One page of the servers the user may view (policy), newest first, with the user's favourite
     * flag. Reads only `serverColumns`: never the sealed credentials or the host key.
     */
    async listVisible(
      userId: number,
      options: { page: number; perPage: number; search?: string | undefined },
    ) {
      const conditions = [serverIsVisibleTo(servers.id, userId)];
      if (options.search) {
        const pattern = likePattern(options.search);
        conditions.push(or(ilike(servers.name, pattern), ilike(servers.ip, pattern))!);
      }
      const where = and(...conditions);
      const [totalRow] = await db.select({ total: count() }).from(servers).where(where);
      const rows = await db
        .select({ server: serverColumns, favoriteAt: favorites.createdAt })
        .from(servers)
        .leftJoin(
          favorites,
          and(
            eq(favorites.userId, userId),
            eq(favorites.kind, FAVORITE_KINDS.server),
            eq(favorites.modelId, servers.id),
          ),
        )
        .where(where)
        .orderBy(desc(servers.createdAt), desc(servers.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return {
        total: Number(totalRow?.total ?? 0),
        rows: rows.map((row) => ({ server: row.server, isFavorite: row.favoriteAt !== null })),
      };
    },
  };
}
export type ServersRepository = ReturnType<typeof createServersRepository>;
