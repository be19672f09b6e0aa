import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { certificates, databases, favorites, servers, siteBalancers, sites } from '../database/schema.js';
import { siteIsVisibleTo } from '../policy/site-policy.js';
import { FAVORITE_KINDS } from '../servers/favorites.repository.js';
import { likePattern } from '../servers/servers.repository.js';
import { SITE_STATUS } from './site-events.js';

export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
export type SiteChanges = Partial<
  Pick<
    SiteRow,
    | 'displayName'
    | 'linuxUser'
    | 'isolated'
    | 'directory'
    | 'phpVersion'
    | 'proxyPort'
    | 'enabled'
    | 'protected'
    | 'status'
    | 'lockdown'
    | 'bindings'
    | 'telegramNotification'
    | 'createEventId'
    | 'codeType'
  >
>;
export type DatabaseRow = typeof databases.$inferSelect;

/** A site of a list, with its server's name and the caller's favourite flag. */
export interface SiteListEntry {
  site: SiteRow;
  serverName: string;
  isFavorite: boolean;
}

/** Sites and the rows that belong to them (alias sites, the site's database, favourites). */
export function createSitesRepository(db: Database) {
  const repository = {
    /**
     * One page of the sites the user may view (policy: through their server), newest first.
     * `serverId` narrows to one server; `search` looks in the domain and the display name.
     */
    async listVisible(
      userId: number,
      options: { page: number; perPage: number; search?: string | undefined; serverId?: number },
    ): Promise<{ total: number; rows: SiteListEntry[] }> {
      const conditions: SQL[] = [siteIsVisibleTo(sites.id, sites.serverId, userId)];
      if (options.serverId !== undefined) conditions.push(eq(sites.serverId, options.serverId));
      if (options.search) {
        const pattern = likePattern(options.search);
        conditions.push(or(ilike(sites.name, pattern), ilike(sites.displayName, pattern))!);
      }
      const where = and(...conditions);
      const [totalRow] = await db.select({ total: count() }).from(sites).where(where);
      // The page's ids first (the sites_list_order index walks the order, checking visibility
      // until it has a page), then only those rows joined to their server and favourite.
      const page = db
        .select({ id: sites.id })
        .from(sites)
        .where(where)
        .orderBy(desc(sites.createdAt), desc(sites.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage)
        .as('page');
      const rows = await db
        .select({ site: sites, serverName: servers.name, favoriteAt: favorites.createdAt })
        .from(page)
        .innerJoin(sites, eq(sites.id, page.id))
        .innerJoin(servers, eq(servers.id, sites.serverId))
        .leftJoin(
          favorites,
          and(
            eq(favorites.userId, userId),
            eq(favorites.kind, FAVORITE_KINDS.site),
            eq(favorites.modelId, sites.id),
          ),
        )
        .orderBy(desc(sites.createdAt), desc(sites.id));
      return {
        total: Number(totalRow?.total ?? 0),
        rows: rows.map((row) => ({
          site: row.site,
          serverName: row.serverName,
          isFavorite: row.favoriteAt !== null,
        })),
      };
    },

    async findById(id: number): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
      return row ?? null;
    },

    async findByName(serverId: number, name: string): Promise<SiteRow | null> {
      const [row] = await db
        .select()
        .from(sites)
        .where(and(eq(sites.serverId, serverId), eq(sites.name, name)))
        .limit(1);
      return row ?? null;
    },

    /** Which of these domains are already sites (or aliases) on the server. */
    async takenNames(serverId: number, names: readonly string[]): Promise<string[]> {
      if (names.length === 0) return [];
      const rows = await db
        .select({ name: sites.name })
        .from(sites)
        .where(and(eq(sites.serverId, serverId), inArray(sites.name, [...names])));
      return rows.map((row) => row.name);
    },

    async aliasesOf(parentId: number): Promise<SiteRow[]> {
      return db.select().from(sites).where(eq(sites.siteId, parentId)).orderBy(sites.name);
    },

    /** The names of a parent site's aliases on its own server, sorted. */
    async aliasNamesOf(site: Pick<SiteRow, 'id' | 'serverId'>): Promise<string[]> {
      const rows = await db
        .select({ name: sites.name })
        .from(sites)
        .where(and(eq(sites.siteId, site.id), eq(sites.serverId, site.serverId)));
      return rows.map((row) => row.name).sort();
    },

    /**
     * Other sites of the server run as this Unix user (its account stays while they exist); the
     * site's own aliases do not count.
     */
    async linuxUserInUse(serverId: number, linuxUser: string, siteId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            eq(sites.serverId, serverId),
            eq(sites.linuxUser, linuxUser),
            ne(sites.id, siteId),
            or(isNull(sites.siteId), ne(sites.siteId, siteId)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The site balances over nodes, or left a node's include behind: its nodes answer only it
     * (docs/balancing.md), so deleting it must wait for a disable.
     */
    async isBalancer(siteId: number): Promise<boolean> {
      const [row] = await db
        .select({ enabled: siteBalancers.enabled, applied: siteBalancers.appliedServerIds })
        .from(siteBalancers)
        .where(eq(siteBalancers.siteId, siteId));
      return row !== undefined && (row.enabled || (Array.isArray(row.applied) && row.applied.length > 0));
    },

    async insert(values: NewSiteRow): Promise<SiteRow> {
      const [row] = await db.insert(sites).values(values).returning();
      return row!;
    },

    async update(id: number, changes: SiteChanges): Promise<void> {
      await db
        .update(sites)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(sites.id, id));
    },

    async updateAliases(parentId: number, changes: SiteChanges): Promise<void> {
      await db
        .update(sites)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(sites.siteId, parentId));
    },

    /** The end of a create (or clone) event: the site and its aliases still `creating` settle. */
    async settleCreation(id: number, status: string): Promise<void> {
      await db
        .update(sites)
        .set({ status, updatedAt: sql`now()` })
        .where(and(or(eq(sites.id, id), eq(sites.siteId, id)), eq(sites.status, SITE_STATUS.creating)));
    },

    /**
     * A failed site_update of `parentId`: the alias it was adding goes, the alias it was removing
     * stays (active again).
     */
    async revertAliasChanges(parentId: number, eventId: number): Promise<void> {
      const added = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            eq(sites.siteId, parentId),
            eq(sites.status, SITE_STATUS.creating),
            eq(sites.createEventId, eventId),
          ),
        );
      for (const alias of added) await repository.deleteWithAliases(alias.id, false);
      await db
        .update(sites)
        .set({ status: SITE_STATUS.active, updatedAt: sql`now()` })
        .where(and(eq(sites.siteId, parentId), eq(sites.status, SITE_STATUS.deleting)));
    },

    /** Sets the status of the site and its alias sites (create and delete events drive it). */
    async setStatusWithAliases(id: number, status: string): Promise<void> {
      await db
        .update(sites)
        .set({ status, updatedAt: sql`now()` })
        .where(or(eq(sites.id, id), eq(sites.siteId, id)));
    },

    /**
     * Removes the site, its alias sites and everyone's favourites of them. Certificates,
     * deployments and commands go with the rows (foreign keys); its database rows stay, unlinked,
     * unless `dropDatabase`: then the rows linked to it go, or only `droppedDatabaseId`'s when the
     * server dropped just that one (the others still exist there and stay listed).
     */
    async deleteWithAliases(id: number, dropDatabase: boolean, droppedDatabaseId?: number): Promise<void> {
      await db.transaction(async (transaction) => {
        const ids = (
          await transaction
            .select({ id: sites.id })
            .from(sites)
            .where(or(eq(sites.id, id), eq(sites.siteId, id)))
        ).map((row) => row.id);
        if (ids.length === 0) return;
        if (dropDatabase) {
          await transaction
            .delete(databases)
            .where(
              and(
                inArray(databases.siteId, ids),
                droppedDatabaseId === undefined ? undefined : eq(databases.id, droppedDatabaseId),
              ),
            );
        }
        await transaction
          .delete(favorites)
          .where(and(eq(favorites.kind, FAVORITE_KINDS.site), inArray(favorites.modelId, ids)));
        await transaction.delete(sites).where(inArray(sites.id, ids));
      });
    },

    async databaseOf(siteId: number): Promise<DatabaseRow | null> {
      const [row] = await db
        .select()
        .from(databases)
        .where(eq(databases.siteId, siteId))
        .orderBy(databases.id)
        .limit(1);
      return row ?? null;
    },

    async databaseExists(serverId: number, type: string, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: databases.id })
        .from(databases)
        .where(and(eq(databases.serverId, serverId), eq(databases.type, type), eq(databases.name, name)))
        .limit(1);
      return row !== undefined;
    },

    async insertDatabase(values: typeof databases.$inferInsert): Promise<DatabaseRow> {
      const [row] = await db.insert(databases).values(values).returning();
      return row!;
    },

    async deleteDatabase(id: number): Promise<void> {
      await db.delete(databases).where(eq(databases.id, id));
    },

    /** The certificate the vhost serves: only the fields a site page shows (no PEM, no key). */
    async activeCertificate(site: Pick<SiteRow, 'id' | 'certificateId'>) {
      const [row] = await db
        .select({
          id: certificates.id,
          type: certificates.type,
          domains: certificates.domains,
          expiresAt: certificates.expiresAt,
        })
        .from(certificates)
        .where(
          and(
            eq(certificates.siteId, site.id),
            site.certificateId === null
              ? eq(certificates.active, true)
              : eq(certificates.id, site.certificateId),
          ),
        )
        .orderBy(desc(certificates.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * The server's enabled, active parent sites on `proxyPort` whose active certificate is issued and
     * still valid at `now`, oldest first: their names and the certificate's names.
     */
    async withValidCertificateOnPort(
      serverId: number,
      proxyPort: number,
      now: Date,
    ): Promise<{ name: string; domains: unknown }[]> {
      return db
        .select({ name: sites.name, domains: certificates.domains })
        .from(sites)
        .innerJoin(certificates, eq(certificates.siteId, sites.id))
        .where(
          and(
            eq(sites.serverId, serverId),
            eq(sites.proxyPort, proxyPort),
            isNull(sites.siteId),
            eq(sites.enabled, true),
            eq(sites.status, 'active'),
            eq(certificates.active, true),
            eq(certificates.status, 'issued'),
            gt(certificates.expiresAt, now),
          ),
        )
        .orderBy(asc(sites.id));
    },

    async isFavorite(userId: number, siteId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: favorites.modelId })
        .from(favorites)
        .where(
          and(
            eq(favorites.userId, userId),
            eq(favorites.kind, FAVORITE_KINDS.site),
            eq(favorites.modelId, siteId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
  return repository;
}
export type SitesRepository = ReturnType<typeof createSitesRepository>;
