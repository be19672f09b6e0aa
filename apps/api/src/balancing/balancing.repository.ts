import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers, siteBalancers, sites } from '../database/schema.js';

export type SiteBalancerRow = typeof siteBalancers.$inferSelect;

/** A site of the same domain on another server of the owner: a possible node. */
export interface BalancingCandidate {
  serverId: number;
  serverName: string;
  serverIp: string;
  serverUserId: number;
  siteId: number;
  webServer: string;
}

/** The site_balancers table, and the sites a balancer may use as its nodes. */
export function createBalancingRepository(db: Database) {
  return {
    async find(siteId: number): Promise<SiteBalancerRow | undefined> {
      const [row] = await db.select().from(siteBalancers).where(eq(siteBalancers.siteId, siteId));
      return row;
    },

    async upsert(
      siteId: number,
      values: Partial<Omit<SiteBalancerRow, 'siteId' | 'createdAt' | 'updatedAt'>>,
    ): Promise<SiteBalancerRow> {
      const [row] = await db
        .insert(siteBalancers)
        .values({ siteId, ...values })
        .onConflictDoUpdate({ target: siteBalancers.siteId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    /** The sites named `domain` (not aliases) on the servers of `ownerId` other than `exceptServerId`. */
    candidates(domain: string, ownerId: number, exceptServerId: number): Promise<BalancingCandidate[]> {
      return db
        .select({
          serverId: servers.id,
          serverName: servers.name,
          serverIp: servers.ip,
          serverUserId: servers.userId,
          siteId: sites.id,
          webServer: sites.webServer,
        })
        .from(sites)
        .innerJoin(servers, eq(servers.id, sites.serverId))
        .where(
          and(
            eq(sites.name, domain),
            isNull(sites.siteId),
            eq(servers.userId, ownerId),
            ne(servers.id, exceptServerId),
          ),
        )
        .orderBy(asc(servers.name));
    },

    /** The site named `domain` (not an alias) on a server, whoever owns it. */
    async siteOnServer(domain: string, serverId: number): Promise<BalancingCandidate | undefined> {
      const [row] = await db
        .select({
          serverId: servers.id,
          serverName: servers.name,
          serverIp: servers.ip,
          serverUserId: servers.userId,
          siteId: sites.id,
          webServer: sites.webServer,
        })
        .from(sites)
        .innerJoin(servers, eq(servers.id, sites.serverId))
        .where(and(eq(sites.name, domain), isNull(sites.siteId), eq(servers.id, serverId)));
      return row;
    },
  };
}
export type BalancingRepository = ReturnType<typeof createBalancingRepository>;
