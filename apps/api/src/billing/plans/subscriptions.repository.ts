import { and, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../database/database.js';
import {
  couponRedemptions,
  coupons,
  invoices,
  servers,
  serverSubscriptions,
  subscriptions,
  users,
} from '../../database/schema.js';
import type { LedgerTx } from '../ledger.js';

/** A handle that runs queries: the database, or a transaction of it. */
export type Queryable = Database | LedgerTx;

export type ServerSubscriptionRow = typeof serverSubscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** The statuses under which a server is VIP (the unique index of one live row per server). */
export const LIVE_STATUSES = ['active', 'past_due', 'canceled'] as const;

export async function findLiveSubscriptionOfServer(db: Queryable, serverId: number) {
  const [row] = await db
    .select()
    .from(serverSubscriptions)
    .where(
      and(
        eq(serverSubscriptions.serverId, serverId),
        inArray(serverSubscriptions.status, [...LIVE_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function listSubscriptionsOf(db: Queryable, userId: number) {
  return db
    .select({ subscription: serverSubscriptions, serverName: servers.name })
    .from(serverSubscriptions)
    .leftJoin(servers, eq(servers.id, serverSubscriptions.serverId))
    .where(eq(serverSubscriptions.userId, userId))
    .orderBy(desc(serverSubscriptions.id));
}

export async function findSubscriptionOf(db: Queryable, userId: number, id: number) {
  const [row] = await db
    .select({ subscription: serverSubscriptions, serverName: servers.name })
    .from(serverSubscriptions)
    .leftJoin(servers, eq(servers.id, serverSubscriptions.serverId))
    .where(and(eq(serverSubscriptions.id, id), eq(serverSubscriptions.userId, userId)));
  return row ?? null;
}

/** Monthly subscriptions whose period has ended by `now`: to renew, dun or end. */
export async function listDueSubscriptions(db: Queryable, now: Date) {
  return db
    .select({ id: serverSubscriptions.id })
    .from(serverSubscriptions)
    .where(
      and(
        inArray(serverSubscriptions.status, [...LIVE_STATUSES]),
        isNotNull(serverSubscriptions.currentPeriodEnd),
        lte(serverSubscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(serverSubscriptions.id);
}

/** The subscription, locked for this transaction (the renewal job and a cancel cannot cross). */
export async function lockSubscription(tx: LedgerTx, id: number) {
  const [row] = await tx
    .select()
    .from(serverSubscriptions)
    .where(eq(serverSubscriptions.id, id))
    .for('update');
  return row ?? null;
}

export async function setServerVip(db: Queryable, serverId: number | null, isVip: boolean) {
  if (serverId === null) return;
  await db.update(servers).set({ isVip, updatedAt: new Date() }).where(eq(servers.id, serverId));
}

/**
 * Keeps the account-level `subscriptions` row (what makes `isPaidUser` true, accounts.ts) in step:
 * one active row while the user has any live server subscription, none once the last one ends.
 */
export async function syncAccountSubscription(tx: LedgerTx, userId: number, now: Date) {
  const [live] = await tx
    .select({ planId: serverSubscriptions.planId })
    .from(serverSubscriptions)
    .where(
      and(eq(serverSubscriptions.userId, userId), inArray(serverSubscriptions.status, [...LIVE_STATUSES])),
    )
    .orderBy(desc(serverSubscriptions.id))
    .limit(1);
  const active = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
  if (live) {
    if (active.length === 0) {
      await tx.insert(subscriptions).values({ userId, plan: live.planId, status: 'active', endsAt: null });
    } else {
      await tx
        .update(subscriptions)
        .set({ plan: live.planId, endsAt: null })
        .where(eq(subscriptions.id, active[0]!.id));
    }
  } else if (active.length > 0) {
    await tx
      .update(subscriptions)
      .set({ status: 'ended', endsAt: now })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
  }
}

/**
 * A new invoice row, numbered HD-000001… from its identity (unique; a rolled-back purchase leaves
 * a gap, which is allowed). Inserted under a provisional number, then numbered in the same
 * transaction.
 */
export async function insertInvoice(
  tx: LedgerTx,
  values: Omit<typeof invoices.$inferInsert, 'number' | 'id'>,
): Promise<InvoiceRow> {
  const [draft] = await tx
    .insert(invoices)
    .values({ ...values, number: `draft-${crypto.randomUUID().slice(0, 24)}` })
    .returning({ id: invoices.id });
  const [row] = await tx
    .update(invoices)
    .set({ number: invoiceNumber(draft!.id) })
    .where(eq(invoices.id, draft!.id))
    .returning();
  return row!;
}

export function invoiceNumber(id: number): string {
  return `HD-${String(id).padStart(6, '0')}`;
}

export async function listInvoicesOf(db: Queryable, userId: number, page: number, perPage: number) {
  const [total] = await db.select({ total: count() }).from(invoices).where(eq(invoices.userId, userId));
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { total: Number(total?.total ?? 0), rows };
}

/** The caller's invoice by its number (HD-000001) or id; null for anyone else's. */
export async function findInvoiceOf(db: Queryable, userId: number, key: string) {
  const byId = /^\d+$/.test(key) ? Number(key) : null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        byId !== null && Number.isSafeInteger(byId)
          ? eq(invoices.id, byId)
          : eq(sql`upper(${invoices.number})`, key.toUpperCase()),
      ),
    );
  return row ?? null;
}

export async function findUserContact(db: Queryable, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The server a plan is bought for, locked (two purchases for one server queue here). */
export async function lockServer(tx: LedgerTx, serverId: number) {
  const [row] = await tx
    .select({ id: servers.id, userId: servers.userId, name: servers.name })
    .from(servers)
    .where(eq(servers.id, serverId))
    .for('update');
  return row ?? null;
}

export async function findServerName(db: Queryable, serverId: number | null): Promise<string | null> {
  if (serverId === null) return null;
  const [row] = await db.select({ name: servers.name }).from(servers).where(eq(servers.id, serverId));
  return row?.name ?? null;
}

export async function insertSubscription(tx: LedgerTx, values: typeof serverSubscriptions.$inferInsert) {
  const [row] = await tx.insert(serverSubscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  tx: LedgerTx,
  id: number,
  values: Partial<typeof serverSubscriptions.$inferInsert>,
): Promise<ServerSubscriptionRow> {
  const [row] = await tx
    .update(serverSubscriptions)
    .set(values)
    .where(eq(serverSubscriptions.id, id))
    .returning();
  return row!;
}

/** The coupon by its code, case-insensitively, locked for the purchase's transaction. */
export async function lockCouponByCode(tx: LedgerTx, code: string) {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()))
    .for('update');
  return row ?? null;
}

export async function countRedemptions(tx: LedgerTx, couponId: number): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return Number(row?.total ?? 0);
}

export async function countInvoicesOf(tx: LedgerTx, userId: number): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(invoices).where(eq(invoices.userId, userId));
  return Number(row?.total ?? 0);
}

export async function insertRedemption(tx: LedgerTx, values: typeof couponRedemptions.$inferInsert) {
  await tx.insert(couponRedemptions).values(values);
}
