import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import {
  alertNotices,
  alertChannels,
  alertIncidents,
  alertLoginAddresses,
  certificates,
  servers,
  sites,
  teamServers,
  teams,
  users,
} from '../database/schema.js';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type AlertIncidentRow = typeof alertIncidents.$inferSelect;

/** The channels, incidents and remembered sign-in addresses of the alerts area (docs/alerts.md). */
export function createAlertsRepository(db: Database) {
  async function countLoginAddresses(userId: number): Promise<number> {
    const rows = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(alertLoginAddresses)
      .where(eq(alertLoginAddresses.userId, userId));
    return rows[0]?.count ?? 0;
  }

  return {
    listForOwners(userId: number, teamIds: readonly number[]): Promise<AlertChannelRow[]> {
      const owners =
        teamIds.length > 0
          ? or(eq(alertChannels.userId, userId), inArray(alertChannels.teamId, [...teamIds]))
          : eq(alertChannels.userId, userId);
      return db.select().from(alertChannels).where(owners).orderBy(alertChannels.id);
    },

    async findChannel(id: number): Promise<AlertChannelRow | null> {
      const rows = await db.select().from(alertChannels).where(eq(alertChannels.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async insertChannel(values: Omit<typeof alertChannels.$inferInsert, 'id' | 'createdAt'>) {
      const rows = await db.insert(alertChannels).values(values).returning();
      return rows[0]!;
    },

    async updateChannel(
      id: number,
      values: Partial<
        Pick<
          AlertChannelRow,
          'name' | 'alertTypes' | 'sealedConfig' | 'target' | 'linkCodeHash' | 'linkExpiresAt'
        >
      >,
    ): Promise<AlertChannelRow> {
      const rows = await db.update(alertChannels).set(values).where(eq(alertChannels.id, id)).returning();
      return rows[0]!;
    },

    async deleteChannel(id: number): Promise<void> {
      await db.delete(alertChannels).where(eq(alertChannels.id, id));
    },

    /** The Telegram channel waiting for this code, while the code is valid. */
    async findByLinkCode(codeHash: string): Promise<AlertChannelRow | null> {
      const rows = await db
        .select()
        .from(alertChannels)
        .where(and(eq(alertChannels.linkCodeHash, codeHash), gt(alertChannels.linkExpiresAt, new Date())))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The teams this user owns (their channels are the user's to manage). */
    ownedTeams(userId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(eq(teams.userId, userId))
        .orderBy(teams.id);
    },

    async findTeam(id: number): Promise<{ id: number; userId: number } | null> {
      const rows = await db
        .select({ id: teams.id, userId: teams.userId })
        .from(teams)
        .where(eq(teams.id, id));
      return rows[0] ?? null;
    },

    async findUsers(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, email: users.email, locale: users.locale, name: users.name })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    async findServer(id: number) {
      const rows = await db
        .select({ id: servers.id, userId: servers.userId, name: servers.name, ip: servers.ip })
        .from(servers)
        .where(eq(servers.id, id));
      return rows[0] ?? null;
    },

    async findSite(id: number) {
      const rows = await db
        .select({
          id: sites.id,
          serverId: sites.serverId,
          name: sites.name,
          telegramNotification: sites.telegramNotification,
        })
        .from(sites)
        .where(eq(sites.id, id));
      return rows[0] ?? null;
    },

    /** The teams a server is shared with, with their owners. */
    async teamsSharing(serverId: number): Promise<{ id: number; userId: number }[]> {
      return db
        .select({ id: teams.id, userId: teams.userId })
        .from(teamServers)
        .innerJoin(teams, eq(teams.id, teamServers.teamId))
        .where(eq(teamServers.serverId, serverId));
    },

    channelsOf(userIds: readonly number[], teamIds: readonly number[]): Promise<AlertChannelRow[]> {
      const conditions = [
        ...(userIds.length > 0 ? [inArray(alertChannels.userId, [...userIds])] : []),
        ...(teamIds.length > 0 ? [inArray(alertChannels.teamId, [...teamIds])] : []),
      ];
      if (conditions.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(alertChannels)
        .where(or(...conditions))
        .orderBy(alertChannels.id);
    },

    /** Opens the incident; answers false when one with this key is open already. */
    async openIncident(values: {
      key: string;
      type: string;
      subject: AlertIncidentRow['subject'];
      facts: AlertIncidentRow['facts'];
    }): Promise<boolean> {
      const rows = await db
        .insert(alertIncidents)
        .values({ ...values, serverId: values.subject.serverId ?? null })
        .onConflictDoNothing({ target: alertIncidents.key, where: isNull(alertIncidents.resolvedAt) })
        .returning({ id: alertIncidents.id });
      return rows.length > 0;
    },

    /** Resolves the open incident; answers it, or null when none was open. */
    async resolveIncident(key: string): Promise<AlertIncidentRow | null> {
      const rows = await db
        .update(alertIncidents)
        .set({ resolvedAt: new Date() })
        .where(and(eq(alertIncidents.key, key), isNull(alertIncidents.resolvedAt)))
        .returning();
      return rows[0] ?? null;
    },

    /** Remembers a sign-in address; answers true when the user had not used it before. */
    async rememberLoginAddress(
      userId: number,
      addressHash: string,
    ): Promise<{ isNew: boolean; first: boolean }> {
      const known = await countLoginAddresses(userId);
      const rows = await db
        .insert(alertLoginAddresses)
        .values({ userId, addressHash })
        .onConflictDoUpdate({
          target: [alertLoginAddresses.userId, alertLoginAddresses.addressHash],
          set: { lastSeenAt: new Date() },
        })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      return { isNew: rows[0]?.inserted === true, first: known === 0 };
    },

    countLoginAddresses,

    /** Issued, active certificates expiring before `before`, with their site and server. */
    expiringCertificates(before: Date) {
      return db
        .select({
          id: certificates.id,
          siteId: certificates.siteId,
          expiresAt: certificates.expiresAt,
          domains: certificates.domains,
        })
        .from(certificates)
        .where(
          and(
            eq(certificates.active, true),
            eq(certificates.status, 'issued'),
            isNotNull(certificates.expiresAt),
            lt(certificates.expiresAt, before),
          ),
        );
    },

    /** Records that this notice was sent; answers false when it was already. */
    async recordNotice(key: string): Promise<boolean> {
      const rows = await db
        .insert(alertNotices)
        .values({ key })
        .onConflictDoNothing()
        .returning({ key: alertNotices.key });
      return rows.length > 0;
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
