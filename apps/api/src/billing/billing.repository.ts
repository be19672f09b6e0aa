import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import {
  billingAccounts,
  couponRedemptions,
  coupons,
  ledgerEntries,
  paymentMethods,
  paymentWebhooks,
  topups,
} from '../database/schema.js';
import type { LedgerTx } from './ledger.js';

/** The queries of billing's money-in (docs/billing.md); the ledger itself is ledger.ts. */
type Db = Database | LedgerTx;

export type TopupRow = typeof topups.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type WebhookRow = typeof paymentWebhooks.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type AccountRow = typeof billingAccounts.$inferSelect;

export function createBillingRepository(db: Database) {
  return {
    db,
    transaction<T>(work: (tx: LedgerTx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async account(userId: number, on: Db = db): Promise<AccountRow | undefined> {
      const [row] = await on.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
      return row;
    },

    /** Creates the account row if needed (balance 0: no money moves) and locks it. */
    async lockAccount(tx: LedgerTx, userId: number): Promise<AccountRow> {
      await tx.insert(billingAccounts).values({ userId }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, userId))
        .for('update');
      return row!;
    },

    /** Sets the transfer reference once; answers the one that stands (a racing call's may win). */
    async ensureTransferReference(userId: number, candidate: string): Promise<string> {
      await db.insert(billingAccounts).values({ userId }).onConflictDoNothing();
      await db
        .update(billingAccounts)
        .set({ transferReference: candidate })
        .where(and(eq(billingAccounts.userId, userId), sql`${billingAccounts.transferReference} is null`));
      const [row] = await db
        .select({ reference: billingAccounts.transferReference })
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, userId));
      return row!.reference!;
    },

    async userByTransferReference(reference: string): Promise<number | null> {
      const [row] = await db
        .select({ userId: billingAccounts.userId })
        .from(billingAccounts)
        .where(eq(billingAccounts.transferReference, reference));
      return row?.userId ?? null;
    },

    async setStripeCustomer(userId: number, customerId: string): Promise<void> {
      await db.insert(billingAccounts).values({ userId }).onConflictDoNothing();
      await db
        .update(billingAccounts)
        .set({ stripeCustomerId: customerId })
        .where(eq(billingAccounts.userId, userId));
    },

    async ledgerPage(userId: number, page: number, perPage: number) {
      const [total] = await db
        .select({ value: count() })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(desc(ledgerEntries.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: total?.value ?? 0 };
    },

    async ledgerKeyExists(tx: Db, key: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, key));
      return Boolean(row);
    },

    /** Cents already refunded on a reference (a positive number). */
    async refundedCents(tx: Db, reference: string): Promise<number> {
      const [row] = await tx
        .select({ value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.reference, reference), eq(ledgerEntries.type, 'refund')));
      return -Number(row?.value ?? 0);
    },

    /** How much of a top-up's coupon bonus its refunds took back so far (cents, positive). */
    async bonusTakenBackCents(tx: Db, reference: string): Promise<number> {
      const [row] = await tx
        .select({ value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.reference, reference),
            eq(ledgerEntries.type, 'coupon'),
            sql`${ledgerEntries.amountCents} < 0`,
          ),
        );
      return -Number(row?.value ?? 0);
    },

    /** Whether the account was ever credited by a payment other than `exceptEntryId`. */
    async hasPaidBefore(tx: Db, userId: number, exceptEntryId = 0): Promise<boolean> {
      const [row] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.userId, userId),
            eq(ledgerEntries.type, 'topup'),
            ne(ledgerEntries.id, exceptEntryId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    // Webhooks -----------------------------------------------------------------------------------

    /** Stores the event before anything is done with it; a replay finds the first row. */
    async storeWebhook(values: {
      provider: string;
      eventId: string;
      type: string;
      payload: unknown;
    }): Promise<WebhookRow> {
      await db.insert(paymentWebhooks).values(values).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(paymentWebhooks)
        .where(
          and(eq(paymentWebhooks.provider, values.provider), eq(paymentWebhooks.eventId, values.eventId)),
        );
      return row!;
    },

    async markWebhook(
      on: Db,
      id: number,
      status: 'processed' | 'ignored' | 'flagged',
      reason: string | null = null,
    ) {
      await on
        .update(paymentWebhooks)
        .set({ status, reason, processedAt: new Date() })
        .where(eq(paymentWebhooks.id, id));
    },

    async webhooks(provider: string) {
      return db.select().from(paymentWebhooks).where(eq(paymentWebhooks.provider, provider));
    },

    // Top-ups ------------------------------------------------------------------------------------

    async createTopup(
      on: Db,
      values: {
        userId: number;
        provider: string;
        providerRef: string;
        amountCents: number;
        couponId: number | null;
        bonusCents: number;
      },
    ): Promise<TopupRow> {
      const [row] = await on.insert(topups).values(values).returning();
      return row!;
    },

    /** Inserts a top-up unless one has this provider reference; answers the row that stands. */
    async topupOnce(
      tx: LedgerTx,
      values: { userId: number; provider: string; providerRef: string; amountCents: number },
    ): Promise<TopupRow> {
      await tx.insert(topups).values(values).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(topups)
        .where(and(eq(topups.provider, values.provider), eq(topups.providerRef, values.providerRef)));
      return row!;
    },

    async topupByRef(on: Db, provider: string, providerRef: string): Promise<TopupRow | undefined> {
      const [row] = await on
        .select()
        .from(topups)
        .where(and(eq(topups.provider, provider), eq(topups.providerRef, providerRef)));
      return row;
    },

    async topup(on: Db, id: number): Promise<TopupRow | undefined> {
      const [row] = await on.select().from(topups).where(eq(topups.id, id));
      return row;
    },

    async setTopupRef(on: Db, id: number, providerRef: string): Promise<void> {
      await on.update(topups).set({ providerRef }).where(eq(topups.id, id));
    },

    /** The account's pending bank-transfer top-ups started since `since`, newest first. */
    async pendingBankTopups(tx: LedgerTx, userId: number, since: Date): Promise<TopupRow[]> {
      return tx
        .select()
        .from(topups)
        .where(
          and(
            eq(topups.userId, userId),
            eq(topups.provider, 'sepay'),
            eq(topups.status, 'pending'),
            gte(topups.createdAt, since),
          ),
        )
        .orderBy(desc(topups.id));
    },

    async settleTopup(tx: LedgerTx, id: number, status: 'succeeded' | 'refunded', bonusCents?: number) {
      await tx
        .update(topups)
        .set({
          status,
          ...(status === 'succeeded' ? { creditedAt: new Date() } : {}),
          ...(bonusCents === undefined ? {} : { bonusCents }),
        })
        .where(eq(topups.id, id));
    },

    // Coupons ------------------------------------------------------------------------------------

    async couponByCode(code: string, on: Db = db): Promise<CouponRow | undefined> {
      const [row] = await on.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
      return row;
    },

    async lockCoupon(tx: LedgerTx, id: number): Promise<CouponRow | undefined> {
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      return row;
    },

    async redemptionCount(on: Db, couponId: number): Promise<number> {
      const [row] = await on
        .select({ value: count() })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId));
      return row?.value ?? 0;
    },

    async recordRedemption(
      tx: LedgerTx,
      values: { couponId: number; userId: number; reference: string; amountCents: number },
    ): Promise<void> {
      await tx.insert(couponRedemptions).values(values);
    },

    async coupons(): Promise<(CouponRow & { timesUsed: number })[]> {
      const rows = await db
        .select({
          coupon: coupons,
          timesUsed: sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = ${coupons.id})`,
        })
        .from(coupons)
        .orderBy(desc(coupons.id));
      return rows.map((row) => ({ ...row.coupon, timesUsed: Number(row.timesUsed) }));
    },

    async createCoupon(values: typeof coupons.$inferInsert): Promise<CouponRow | null> {
      const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async deleteCoupon(id: number): Promise<boolean> {
      const rows = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
      return rows.length > 0;
    },

    // Payment methods ----------------------------------------------------------------------------

    async paymentMethods(userId: number): Promise<PaymentMethodRow[]> {
      return db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(desc(paymentMethods.isDefault), paymentMethods.id);
    },

    async paymentMethod(userId: number, stripeId: string): Promise<PaymentMethodRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.stripePaymentMethodId, stripeId)));
      return row;
    },

    async savePaymentMethod(values: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
      await db.insert(paymentMethods).values(values).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.stripePaymentMethodId, values.stripePaymentMethodId));
      return row!;
    },

    async deletePaymentMethod(userId: number, stripeId: string): Promise<void> {
      await db
        .delete(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.stripePaymentMethodId, stripeId)));
    },

    async setDefaultPaymentMethod(userId: number, stripeId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
        await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.stripePaymentMethodId, stripeId)));
      });
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
