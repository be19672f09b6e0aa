import { asc, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers, sites } from '../database/schema.js';

/** What the system users area reads of the panel: the server's sites (who they run as) and its default user. */
export function createSystemUsersRepository(db: Database) {
  return {
    /** Every site of the server (aliases too), oldest first. */
    async sites(serverId: number) {
      return db
        .select({ id: sites.id, name: sites.name, linuxUser: sites.linuxUser, siteId: sites.siteId })
        .from(sites)
        .where(eq(sites.serverId, serverId))
        .orderBy(asc(sites.id));
    },

    /** The server's default Linux user (spec/000 §3 default_linux_user), null without the server. */
    async defaultLinuxUser(serverId: number): Promise<string | null> {
      const [row] = await db
        .select({ defaultLinuxUser: servers.defaultLinuxUser })
        .from(servers)
        .where(eq(servers.id, serverId))
        .limit(1);
      return row?.defaultLinuxUser ?? null;
    },
  };
}
export type SystemUsersRepository = ReturnType<typeof createSystemUsersRepository>;
export type PanelSite = Awaited<ReturnType<SystemUsersRepository['sites']>>[number];
