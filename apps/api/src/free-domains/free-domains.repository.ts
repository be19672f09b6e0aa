import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { freeDomains } from '../database/schema/dns.js';

export type FreeDomainRow = typeof freeDomains.$inferSelect;

/** `active` while its record exists (or its delete failed and is retried); `deleted` after. */
export const FREE_DOMAIN_STATUS = { active: 'active', deleted: 'deleted' } as const;

/** The free_domains table (docs/free-domains.md). */
export function createFreeDomainsRepository(db: Database) {
  return {
    async hostnameTaken(hostname: string): Promise<boolean> {
      const [row] = await db
        .select({ id: freeDomains.id })
        .from(freeDomains)
        .where(eq(freeDomains.hostname, hostname));
      return row !== undefined;
    },

    /**
     * Throws a unique violation (23505) when the hostname is already stored. Null when a row it
     * names is gone (23503): FREE_DOMAIN_CREDENTIAL names no credential (or its server was deleted).
     */
    async insert(values: typeof freeDomains.$inferInsert): Promise<FreeDomainRow | null> {
      try {
        const [row] = await db.insert(freeDomains).values(values).returning();
        return row!;
      } catch (error) {
        const failure = error as { code?: string; cause?: { code?: string } } | null;
        if ((failure?.code ?? failure?.cause?.code) === '23503') return null;
        throw error;
      }
    },

    async update(id: number, values: Partial<typeof freeDomains.$inferInsert>) {
      await db.update(freeDomains).set(values).where(eq(freeDomains.id, id));
    },

    async remove(id: number) {
      await db.delete(freeDomains).where(eq(freeDomains.id, id));
    },

    async find(id: number): Promise<FreeDomainRow | null> {
      const [row] = await db.select().from(freeDomains).where(eq(freeDomains.id, id));
      return row ?? null;
    },

    async findBySite(siteId: number): Promise<FreeDomainRow | null> {
      const [row] = await db.select().from(freeDomains).where(eq(freeDomains.siteId, siteId));
      return row ?? null;
    },

    /** Active free domains whose time has passed, oldest first. */
    async due(now: Date, limit: number): Promise<FreeDomainRow[]> {
      return db
        .select()
        .from(freeDomains)
        .where(and(eq(freeDomains.status, FREE_DOMAIN_STATUS.active), lte(freeDomains.expiresAt, now)))
        .orderBy(asc(freeDomains.expiresAt))
        .limit(limit);
    },
  };
}
export type FreeDomainsRepository = ReturnType<typeof createFreeDomainsRepository>;
