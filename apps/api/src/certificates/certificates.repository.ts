import { and, count, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { CertificateStatus, CertificateType } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { certificates, events, sites } from '../database/schema.js';
import { CERTIFICATE_EVENT_TYPES } from './certificate-events.js';

export type CertificateRow = typeof certificates.$inferSelect;

/** What an issued certificate holds: the chain (public) and its key, sealed. */
export interface CertificateMaterial {
  certificate: string;
  sealedPrivateKey: string;
  domains: string[];
  expiresAt: Date;
}

/** Longer texts are cut: an error message is shown in a list, not stored as a log. */
const LAST_ERROR_MAX_LENGTH = 2000;

/** SQL of the certificates of sites, and of the site columns this area owns (certificate_id, renew token). */
export function createCertificatesRepository(db: Database) {
  /** In one transaction: this certificate is the site's only active one, and the vhost's. */
  async function activateWithin(tx: Pick<Database, 'update'>, certificateId: number, siteId: number) {
    const now = new Date();
    await tx
      .update(certificates)
      .set({ active: false, updatedAt: now })
      .where(and(eq(certificates.siteId, siteId), ne(certificates.id, certificateId)));
    await tx
      .update(certificates)
      .set({ active: true, updatedAt: now, lastError: null })
      .where(eq(certificates.id, certificateId));
    await tx.update(sites).set({ certificateId, updatedAt: now }).where(eq(sites.id, siteId));
  }

  async function find(certificateId: number): Promise<CertificateRow | undefined> {
    const [row] = await db.select().from(certificates).where(eq(certificates.id, certificateId)).limit(1);
    return row;
  }

  return {
    find,

    async listForSite(siteId: number, page: number, perPage: number) {
      const [total] = await db
        .select({ value: count() })
        .from(certificates)
        .where(eq(certificates.siteId, siteId));
      const rows = await db
        .select()
        .from(certificates)
        .where(eq(certificates.siteId, siteId))
        .orderBy(desc(certificates.createdAt), desc(certificates.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: total?.value ?? 0, rows };
    },

    async findForSite(siteId: number, certificateId: number): Promise<CertificateRow | undefined> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.id, certificateId), eq(certificates.siteId, siteId)))
        .limit(1);
      return row;
    },

    async insert(values: {
      siteId: number;
      type: CertificateType;
      status: CertificateStatus;
      domains: string[];
      certificate?: string | null;
      sealedPrivateKey?: string | null;
      csr?: string | null;
      expiresAt?: Date | null;
    }): Promise<CertificateRow> {
      const [row] = await db.insert(certificates).values(values).returning();
      return row!;
    },

    async setEvent(certificateId: number, eventId: number) {
      await db
        .update(certificates)
        .set({ eventId, updatedAt: new Date() })
        .where(eq(certificates.id, certificateId));
    },

    /** A CSR's signed certificate arrived: it is now an issued certificate (not active yet). */
    async storeSigned(
      certificateId: number,
      values: { certificate: string; domains: string[]; expiresAt: Date },
    ) {
      await db
        .update(certificates)
        .set({ ...values, status: 'issued', lastError: null, updatedAt: new Date() })
        .where(eq(certificates.id, certificateId));
    },

    /** An issuance or renewal succeeded; `activateOn` makes it the site's active one at once. */
    async storeIssued(certificateId: number, material: CertificateMaterial, activateOn: number | null) {
      await db.transaction(async (tx) => {
        await tx
          .update(certificates)
          .set({ ...material, status: 'issued', lastError: null, updatedAt: new Date() })
          .where(eq(certificates.id, certificateId));
        if (activateOn !== null) await activateWithin(tx, certificateId, activateOn);
      });
    },

    async markActive(certificateId: number, siteId: number) {
      await db.transaction((tx) => activateWithin(tx, certificateId, siteId));
    },

    async markInactive(certificateId: number, siteId: number) {
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(certificates)
          .set({ active: false, updatedAt: now })
          .where(eq(certificates.id, certificateId));
        await tx
          .update(sites)
          .set({ certificateId: null, updatedAt: now })
          .where(and(eq(sites.id, siteId), eq(sites.certificateId, certificateId)));
      });
    },

    /**
     * Why the last attempt failed. A certificate never issued becomes `failed`; an issued one (a
     * renewal, an installation) keeps its status and material: it is still a valid certificate.
     */
    async recordFailure(certificateId: number, message: string) {
      const row = await find(certificateId);
      if (!row) return;
      await db
        .update(certificates)
        .set({
          lastError: message.slice(0, LAST_ERROR_MAX_LENGTH),
          status: row.status === 'issued' ? 'issued' : 'failed',
          updatedAt: new Date(),
        })
        .where(eq(certificates.id, certificateId));
    },

    async delete(certificateId: number) {
      await db.delete(certificates).where(eq(certificates.id, certificateId));
    },

    /** Whether an issuance event of this site has not finished yet. */
    async isIssuing(siteId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            eq(events.siteId, siteId),
            eq(events.type, CERTIFICATE_EVENT_TYPES.issue),
            eq(events.isFinished, false),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Active Let's Encrypt certificates that expire before `before`, with their sites' servers. */
    async dueForRenewal(before: Date) {
      return db
        .select({ certificate: certificates, site: sites })
        .from(certificates)
        .innerJoin(sites, eq(sites.id, certificates.siteId))
        .where(
          and(
            eq(certificates.type, 'letsencrypt'),
            eq(certificates.status, 'issued'),
            eq(certificates.active, true),
            lt(certificates.expiresAt, before),
          ),
        );
    },

    /** The active Let's Encrypt certificate of a site, if it has one. */
    async activeLetsEncrypt(siteId: number): Promise<CertificateRow | undefined> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(
          and(
            eq(certificates.siteId, siteId),
            eq(certificates.type, 'letsencrypt'),
            eq(certificates.active, true),
            inArray(certificates.status, ['issued']),
          ),
        )
        .limit(1);
      return row;
    },

    async setRenewToken(siteId: number, sealedToken: string) {
      await db
        .update(sites)
        .set({ sealedRenewToken: sealedToken, updatedAt: new Date() })
        .where(eq(sites.id, siteId));
    },
  };
}
export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
