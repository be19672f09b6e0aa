import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@hostdeck/contracts';
import { insertUser, isUniqueViolation } from '../accounts/users.repository.js';
import type { UserRow } from '../auth/sessions.repository.js';
import type { Database } from '../database/database.js';
import { createPersonalTeam } from '../teams/personal-team.repository.js';
import {
  contactMessages,
  partnerAccessTokens,
  partnerCustomers,
  partners,
  partnerServers,
  servers,
  sites,
  subscribers,
  users,
} from '../database/schema.js';

export type SubscriberRow = typeof subscribers.$inferSelect;

/** The partner area's tables (database/schema/partner.ts). */
export function createPartnerRepository(db: Database) {
  return {
    async isPartner(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: partners.userId })
        .from(partners)
        .where(eq(partners.userId, userId));
      return row !== undefined;
    },

    async partnerIds(): Promise<number[]> {
      return (await db.select({ id: partners.userId }).from(partners)).map((row) => row.id);
    },

    async setPartner(userId: number, enabled: boolean, by: number): Promise<boolean> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) return false;
      if (enabled) await db.insert(partners).values({ userId, enabledBy: by }).onConflictDoNothing();
      else {
        await db.delete(partners).where(eq(partners.userId, userId));
        // A partner no more: its live access tokens stop now, not at their expiry.
        await db.delete(partnerAccessTokens).where(eq(partnerAccessTokens.partnerUserId, userId));
      }
      return true;
    },

    async isCustomerOf(partnerUserId: number, customerUserId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: partnerCustomers.customerUserId })
        .from(partnerCustomers)
        .where(
          and(
            eq(partnerCustomers.partnerUserId, partnerUserId),
            eq(partnerCustomers.customerUserId, customerUserId),
          ),
        );
      return row !== undefined;
    },

    /**
     * A new account for a partner's customer (no password yet, email not verified), its personal
     * team and the partner link, together; null when the email is taken (a concurrent call).
     */
    async createCustomer(
      partnerUserId: number,
      values: { email: string; name: string; locale: Locale },
    ): Promise<UserRow | null> {
      try {
        return await db.transaction(async (transaction) => {
          const row = await insertUser(transaction, {
            name: values.name,
            email: values.email,
            passwordHash: null,
            locale: values.locale,
            preferences: { locale: values.locale },
          });
          await createPersonalTeam(transaction, row);
          await transaction.insert(partnerCustomers).values({ partnerUserId, customerUserId: row.id });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async insertAccessToken(partnerUserId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(partnerAccessTokens).values({ partnerUserId, tokenHash, expiresAt });
    },

    /** The partner of a live access token (still a partner), or null. */
    async partnerOfToken(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ userId: partnerAccessTokens.partnerUserId })
        .from(partnerAccessTokens)
        .innerJoin(partners, eq(partners.userId, partnerAccessTokens.partnerUserId))
        .where(and(eq(partnerAccessTokens.tokenHash, tokenHash), gt(partnerAccessTokens.expiresAt, now)));
      return row?.userId ?? null;
    },

    async insertPartnerServer(values: typeof partnerServers.$inferInsert) {
      await db.insert(partnerServers).values(values);
    },

    /** A server this partner made, with its customer's email; null for any other server. */
    async partnerServer(partnerUserId: number, serverId: number) {
      const [row] = await db
        .select({ server: servers, link: partnerServers, customerEmail: users.email })
        .from(partnerServers)
        .innerJoin(servers, eq(servers.id, partnerServers.serverId))
        .innerJoin(users, eq(users.id, servers.userId))
        .where(and(eq(partnerServers.serverId, serverId), eq(partnerServers.partnerUserId, partnerUserId)));
      return row ?? null;
    },

    /** The partner-made server an install secret belongs to (unspent, unexpired), or null. */
    async serverOfInstallSecret(serverId: number, secretHashValue: string, now: Date) {
      const [row] = await db
        .select({ server: servers, link: partnerServers })
        .from(partnerServers)
        .innerJoin(servers, eq(servers.id, partnerServers.serverId))
        .where(
          and(
            eq(partnerServers.serverId, serverId),
            eq(partnerServers.installSecretHash, secretHashValue),
            isNull(partnerServers.installSecretUsedAt),
            gt(partnerServers.installSecretExpiresAt, now),
          ),
        );
      return row ?? null;
    },

    async spendInstallSecret(serverId: number, now: Date) {
      await db
        .update(partnerServers)
        .set({ installSecretUsedAt: now })
        .where(and(eq(partnerServers.serverId, serverId), isNull(partnerServers.installSecretUsedAt)));
    },

    async siteDomain(siteId: number) {
      const [row] = await db
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(eq(sites.id, siteId));
      return row ?? null;
    },

    async insertContact(values: typeof contactMessages.$inferInsert) {
      await db.insert(contactMessages).values(values);
    },

    async contactsSince(email: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.email, email), gte(contactMessages.createdAt, since)));
      return row?.total ?? 0;
    },

    async listContacts(page: number, perPage: number) {
      const [totalRow] = await db.select({ total: count() }).from(contactMessages);
      const rows = await db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: totalRow?.total ?? 0, rows };
    },

    async subscriber(email: string): Promise<SubscriberRow | null> {
      const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
      return row ?? null;
    },

    async insertSubscriber(values: typeof subscribers.$inferInsert) {
      await db.insert(subscribers).values(values).onConflictDoNothing();
    },

    async updateSubscriber(id: number, changes: Partial<typeof subscribers.$inferInsert>) {
      await db.update(subscribers).set(changes).where(eq(subscribers.id, id));
    },

    /** Confirms the subscription of a confirmation token, once (the token is then forgotten). */
    async confirm(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(subscribers)
        .set({ confirmedAt: now, confirmTokenHash: null, unsubscribedAt: null })
        .where(eq(subscribers.confirmTokenHash, tokenHash))
        .returning({ id: subscribers.id });
      return rows.length > 0;
    },

    async unsubscribe(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(subscribers)
        .set({
          unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(subscribers.unsubscribeTokenHash, tokenHash))
        .returning({ id: subscribers.id });
      return rows.length > 0;
    },

    async listSubscribers(page: number, perPage: number) {
      const [totalRow] = await db.select({ total: count() }).from(subscribers);
      const rows = await db
        .select()
        .from(subscribers)
        .orderBy(desc(subscribers.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: totalRow?.total ?? 0, rows };
    },
  };
}
export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
