import { eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers } from '../database/schema.js';

/** What the applications area reads of a server row: never the credentials themselves. */
export function createApplicationsRepository(db: Database) {
  return {
    /** Whether the panel holds a way in (its key, or the root password until the key is installed). */
    async hasCredentials(serverId: number): Promise<boolean> {
      const [row] = await db
        .select({ key: servers.sealedPrivateKey, password: servers.sealedPassword })
        .from(servers)
        .where(eq(servers.id, serverId))
        .limit(1);
      return Boolean(row?.key ?? row?.password);
    },
  };
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
