import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { LedgerTx } from '../billing/ledger.js';
import type { Database } from '../database/database.js';
import { billingAccounts, commissions, paymentMethods, referralCodes, users } from '../database/schema.js';

/** A database handle or a transaction's: these queries run in either. */
type Handle = Database | LedgerTx;

export type ReferralCodeRow = typeof referralCodes.$inferSelect & { signups: number };
export type CommissionRow = typeof commissions.$inferSelect;
export type CommissionView = CommissionRow & { referredName: string | null; code: string | null };

const signups = sql<number>`(select count(*) from ${billingAccounts} where ${billingAccounts.referralCodeId} = ${referralCodes.id})::int`;
const codeColumns = { ...getTableColumns(referralCodes), signups };
const commissionColumns = {
  ...getTableColumns(commissions),
  referredName: users.name,
  code: referralCodes.code,
};

function viewOf(handle: Handle) {
  return handle
    .select(commissionColumns)
    .from(commissions)
    .leftJoin(users, eq(users.id, commissions.referredUserId))
    .leftJoin(referralCodes, eq(referralCodes.id, commissions.referralCodeId));
}

/** The referral_codes, commissions and the referral columns of billing_accounts. */
export const referralsRepository = {
  findCode(handle: Handle, code: string) {
    return handle
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.code, code))
      .then((rows) => rows[0] ?? null);
  },

  /** Marks the account as referred by this code (the account row is made when missing). */
  async attribute(tx: LedgerTx, userId: number, codeId: number, at: Date): Promise<void> {
    await tx
      .insert(billingAccounts)
      .values({ userId, referralCodeId: codeId, referredAt: at })
      .onConflictDoUpdate({
        target: billingAccounts.userId,
        set: { referralCodeId: codeId, referredAt: at, updatedAt: at },
      });
  },

  listCodes(db: Database, userId: number): Promise<ReferralCodeRow[]> {
    return db
      .select(codeColumns)
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId))
      .orderBy(asc(referralCodes.id));
  },

  async countCodes(db: Database, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(referralCodes).where(eq(referralCodes.userId, userId));
    return row?.n ?? 0;
  },

  async insertCode(
    db: Database,
    row: { userId: number; code: string; name: string },
  ): Promise<ReferralCodeRow> {
    const [inserted] = await db.insert(referralCodes).values(row).returning();
    return { ...inserted!, signups: 0 };
  },

  async findOwnedCode(db: Database, userId: number, code: string): Promise<ReferralCodeRow | null> {
    const [row] = await db
      .select(codeColumns)
      .from(referralCodes)
      .where(and(eq(referralCodes.userId, userId), eq(referralCodes.code, code)));
    return row ?? null;
  },

  async renameCode(db: Database, id: number, name: string): Promise<void> {
    await db.update(referralCodes).set({ name }).where(eq(referralCodes.id, id));
  },

  async deleteCode(db: Database, id: number): Promise<void> {
    await db.delete(referralCodes).where(eq(referralCodes.id, id));
  },

  /** Who referred this account, through which code; null when nobody (or the code is gone). */
  async referralOf(tx: LedgerTx, userId: number) {
    const [row] = await tx
      .select({ codeId: referralCodes.id, referrerId: referralCodes.userId })
      .from(billingAccounts)
      .innerJoin(referralCodes, eq(referralCodes.id, billingAccounts.referralCodeId))
      .where(eq(billingAccounts.userId, userId));
    return row ?? null;
  },

  emailsOf(tx: LedgerTx, userIds: number[]) {
    return tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  },

  /** Whether one card (Stripe's fingerprint) is saved on both accounts. */
  async shareCard(tx: LedgerTx, a: number, b: number): Promise<boolean> {
    const [row] = await tx
      .select({ n: count() })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.userId, a),
          sql`${paymentMethods.fingerprint} in (select fingerprint from ${paymentMethods} where user_id = ${b} and fingerprint is not null)`,
        ),
      );
    return (row?.n ?? 0) > 0;
  },

  /** One commission per source reference: a second one for the same source is nothing. */
  async insertCommission(tx: LedgerTx, row: typeof commissions.$inferInsert): Promise<void> {
    await tx.insert(commissions).values(row).onConflictDoNothing({ target: commissions.sourceReference });
  },

  async lockCommissionBySource(tx: LedgerTx, reference: string, referredUserId: number) {
    const [row] = await tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.sourceReference, reference), eq(commissions.referredUserId, referredUserId)))
      .for('update');
    return row ?? null;
  },

  async lockOwnedCommission(tx: LedgerTx, id: number, referrerUserId: number) {
    const [row] = await tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.id, id), eq(commissions.referrerUserId, referrerUserId)))
      .for('update');
    return row ?? null;
  },

  async setCommissionStatus(tx: LedgerTx, id: number, status: 'reversed' | 'paid'): Promise<void> {
    await tx.update(commissions).set({ status }).where(eq(commissions.id, id));
  },

  async commission(db: Database, id: number): Promise<CommissionView | null> {
    const [row] = await viewOf(db).where(eq(commissions.id, id));
    return row ?? null;
  },

  pageOfCommissions(
    db: Database,
    referrerUserId: number,
    limit: number,
    offset: number,
  ): Promise<CommissionView[]> {
    return viewOf(db)
      .where(eq(commissions.referrerUserId, referrerUserId))
      .orderBy(desc(commissions.id))
      .limit(limit)
      .offset(offset);
  },

  async countCommissions(db: Database, referrerUserId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(commissions)
      .where(eq(commissions.referrerUserId, referrerUserId));
    return row?.n ?? 0;
  },

  /** Totals in cents; a pending commission past its holding period (at `now`) counts as available. */
  async totals(db: Database, referrerUserId: number, now: Date) {
    const at = now.toISOString();
    const sum = (condition: ReturnType<typeof sql>) =>
      sql<string>`coalesce(sum(${commissions.amountCents}) filter (where ${condition}), 0)`;
    const [row] = await db
      .select({
        pending: sum(sql`${commissions.status} = 'pending' and ${commissions.availableAt} > ${at}`),
        available: sum(sql`${commissions.status} = 'pending' and ${commissions.availableAt} <= ${at}`),
        reversed: sum(sql`${commissions.status} = 'reversed'`),
        paid: sum(sql`${commissions.status} = 'paid'`),
      })
      .from(commissions)
      .where(eq(commissions.referrerUserId, referrerUserId));
    return {
      pending: Number(row?.pending ?? 0),
      available: Number(row?.available ?? 0),
      reversed: Number(row?.reversed ?? 0),
      paid: Number(row?.paid ?? 0),
    };
  },
};
