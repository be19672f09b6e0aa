import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { sites } from '../database/schema.js';

/** What the mail server reads from the panel's database: nothing of its own, a site's certificate. */
export function createMailserverRepository(db: Database) {
  return {
    /** The domain of a site of this server that has a certificate (its files are on the server), or null. */
    async certifiedSiteDomain(serverId: number, siteId: number): Promise<string | null> {
      const [site] = await db
        .select({ name: sites.name })
        .from(sites)
        .where(and(eq(sites.id, siteId), eq(sites.serverId, serverId), isNotNull(sites.certificateId)));
      return site?.name ?? null;
    },
  };
}
export type MailserverRepository = ReturnType<typeof createMailserverRepository>;
