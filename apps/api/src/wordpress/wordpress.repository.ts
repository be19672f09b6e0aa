import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { sites } from '../database/schema.js';

/** The sites of a server whose code is WordPress, and a site's code type. */
export function createWordpressRepository(db: Database) {
  return {
    async sitesOnServer(serverId: number) {
      return db
        .select()
        .from(sites)
        .where(and(eq(sites.serverId, serverId), eq(sites.codeType, 'wordpress')))
        .orderBy(asc(sites.id));
    },

    async setCodeType(siteId: number, codeType: string | null): Promise<void> {
      await db.update(sites).set({ codeType }).where(eq(sites.id, siteId));
    },
  };
}
export type WordpressRepository = ReturnType<typeof createWordpressRepository>;
