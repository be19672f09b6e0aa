import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { billingAccounts, ledgerEntries } from '../database/schema.js';

/**
 * The ledger (issue 24 point 1, docs/billing.md): the only code that moves a balance. Each posting
 * is one append-only row with a unique idempotency key, and the account's balance moves in the
 * same transaction, under the account row's lock. Posting the same key twice returns the first
 * row and moves nothing, so a replayed webhook, a retried job or two racing requests credit once.
 */

/** The transaction handle drizzle passes to `db.transaction`'s callback. */
export type LedgerTx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const LEDGER_TYPES = [
  'topup',
  'coupon',
  'charge',
  'refund',
  'commission',
  'commission_reversal',
  'adjustment',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export interface LedgerPosting {
  userId: number;
  /** Signed integer cents: a credit is positive, a charge negative. */
  amountCents: number;
  type: LedgerType;
  reference: string;
  /** Unique over the whole ledger, e.g. `stripe:pi_123`, `sepay:998877`, `invoice:HD-000012`. */
  idempotencyKey: string;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
  /** A charge may not take the balance below zero unless this is set (refunds, reversals). */
  allowNegative?: boolean;
}

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export interface PostResult {
  entry: LedgerEntry;
  /** False when the key was posted before: nothing moved this time. */
  created: boolean;
}

/** Raised when a charge needs more than the balance holds; the transaction rolls back. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly balanceCents: number,
    readonly neededCents: number,
  ) {
    super('The balance is too low for this charge.');
  }
}

/**
 * Something that must happen in the same transaction as a posting (a commission for a referrer, a
 * coupon redemption). Runs only for a new row, never for a replay.
 */
export type PostingHook = (tx: LedgerTx, entry: LedgerEntry) => Promise<void>;

const hooks: PostingHook[] = [];

/** Registered once by an area at start (referrals registers its commission hook). */
export function onLedgerPosting(hook: PostingHook): () => void {
  hooks.push(hook);
  return () => {
    const index = hooks.indexOf(hook);
    if (index >= 0) hooks.splice(index, 1);
  };
}

async function lockAccount(tx: LedgerTx, userId: number): Promise<number> {
  await tx.insert(billingAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: billingAccounts.balanceCents })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId))
    .for('update');
  return row!.balance;
}

/**
 * Post one movement inside the caller's transaction (so the movement and what it pays for commit
 * together). Locks the account row first: concurrent postings for one account queue up there.
 */
export async function postWithin(tx: LedgerTx, posting: LedgerPosting): Promise<PostResult> {
  if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents === 0) {
    throw new Error(`A ledger amount must be a non-zero integer of cents (${posting.amountCents}).`);
  }
  const balance = await lockAccount(tx, posting.userId);
  const [existing] = await tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, posting.idempotencyKey));
  if (existing) return { entry: existing, created: false };

  const after = balance + posting.amountCents;
  if (after < 0 && posting.amountCents < 0 && !posting.allowNegative) {
    throw new InsufficientBalanceError(balance, -posting.amountCents);
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      userId: posting.userId,
      amountCents: posting.amountCents,
      type: posting.type,
      reference: posting.reference,
      idempotencyKey: posting.idempotencyKey,
      description: posting.description ?? null,
      metadata: posting.metadata ?? null,
      balanceAfterCents: after,
    })
    .returning();
  await tx
    .update(billingAccounts)
    .set({ balanceCents: after, updatedAt: new Date() })
    .where(eq(billingAccounts.userId, posting.userId));
  for (const hook of hooks) await hook(tx, entry!);
  return { entry: entry!, created: true };
}

/** Post in a transaction of its own. */
export function post(db: Database, posting: LedgerPosting): Promise<PostResult> {
  return db.transaction((tx) => postWithin(tx, posting));
}

export async function balanceOf(db: Pick<Database, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: billingAccounts.balanceCents })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  return row?.balance ?? 0;
}

/**
 * The invariant: every account's balance equals the sum of its ledger rows. Returns the accounts
 * that disagree (empty when the books balance); billing tests run it after each test.
 */
export async function ledgerMismatches(
  db: Pick<Database, 'execute'>,
): Promise<{ user_id: number; balance: number; ledger: number }[]> {
  const result = await db.execute(sql`
    select a.user_id, a.balance_cents::bigint as balance, coalesce(sum(l.amount_cents), 0)::bigint as ledger
    from ${billingAccounts} a left join ${ledgerEntries} l on l.user_id = a.user_id
    group by a.user_id, a.balance_cents
    having a.balance_cents <> coalesce(sum(l.amount_cents), 0)
    union all
    select l.user_id, 0, sum(l.amount_cents)::bigint
    from ${ledgerEntries} l left join ${billingAccounts} a on a.user_id = l.user_id
    where a.user_id is null group by l.user_id`);
  const rows =
    (result as unknown as { rows?: Record<string, unknown>[] }).rows ??
    (result as unknown as Record<string, unknown>[]);
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    balance: Number(row.balance),
    ledger: Number(row.ledger),
  }));
}
