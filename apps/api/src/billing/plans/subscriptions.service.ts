import {
  findPlan,
  PLAN_CYCLE_DAYS,
  PLAN_MESSAGES,
  planPriceCents,
  type CreateSubscriptionBody,
  type Invoice,
  type Subscription,
} from '@hostdeck/contracts/plans';
import type { Database } from '../../database/database.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/errors.js';
import type { Caller } from '../../policy/server-policy.js';
import type { AccessPolicy } from '../../policy/access-policy.js';
import { balanceOf, InsufficientBalanceError, postWithin, type LedgerTx } from '../ledger.js';
import { couponDiscountCents, validatePlanCoupon } from './plan-coupons.js';
import {
  findLiveSubscriptionOfServer,
  findSubscriptionOf,
  findUserContact,
  insertInvoice,
  insertRedemption,
  insertSubscription,
  listSubscriptionsOf,
  lockServer,
  lockSubscription,
  setServerVip,
  syncAccountSubscription,
  updateSubscription,
  type InvoiceRow,
  type ServerSubscriptionRow,
} from './subscriptions.repository.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface PlanSettings {
  billingEnabled: boolean;
  /** SALES_EVENT_ENDS_AT (null without one). */
  salesEventEndsAt: string | null;
}

/** `$12.34`: how amounts read in the API's messages (USD in both languages). */
export function usd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What is left of the current 30-day cycle, in whole percent (spec/000 §9). */
export function remainingPercent(row: ServerSubscriptionRow, now: Date): number | null {
  if (!row.currentPeriodEnd) return null;
  if (row.status === 'ended') return 0;
  const length = row.currentPeriodEnd.getTime() - row.currentPeriodStart.getTime();
  const left = row.currentPeriodEnd.getTime() - now.getTime();
  return Math.max(0, Math.min(100, Math.round((left / length) * 100)));
}

export function presentSubscription(
  row: ServerSubscriptionRow,
  serverName: string | null,
  now: Date,
): Subscription {
  const renews = row.currentPeriodEnd !== null && !row.cancelAtPeriodEnd && row.status !== 'ended';
  return {
    id: row.id,
    plan_id: row.planId,
    server_id: row.serverId,
    server_name: serverName,
    price_cents: row.priceCents,
    status: row.status as Subscription['status'],
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    next_invoice_date: renews ? row.currentPeriodEnd!.toISOString() : null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    grace_until: row.graceUntil?.toISOString() ?? null,
    remaining_percent: remainingPercent(row, now),
    created_at: row.createdAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    amount_cents: row.amountCents,
    discount_cents: row.discountCents,
    currency: row.currency,
    status: row.status,
    paid_with: row.paidWith,
    lines: row.lines,
    subscription_id: row.subscriptionId,
    created_at: row.createdAt.toISOString(),
    pdf_url: `/api/user/invoices/${row.number}/pdf`,
  };
}

export interface PurchaseRequest {
  userId: number;
  planId: string;
  serverId: number;
  coupon?: string | undefined;
  paidWith: 'balance' | 'card';
}

/**
 * Buys a plan for a server inside the caller's transaction: the charge (ledger `postWithin`), the
 * invoice, the subscription, the server's VIP flag, the coupon's redemption and the account-level
 * subscription all commit together or not at all. The caller has checked who may buy.
 */
export async function purchaseWithin(
  tx: LedgerTx,
  request: PurchaseRequest,
  settings: PlanSettings,
  now: Date,
): Promise<{ subscription: ServerSubscriptionRow; invoice: InvoiceRow; serverName: string }> {
  const plan = findPlan(request.planId);
  if (!plan) throw new ValidationError({ plan_id: [PLAN_MESSAGES.unknownPlan] });
  const server = await lockServer(tx, request.serverId);
  if (!server) throw new NotFoundError();
  if (server.userId !== request.userId) throw new ForbiddenError(PLAN_MESSAGES.ownerOnly);
  if (await findLiveSubscriptionOfServer(tx, server.id))
    throw new ValidationError({ server_id: [PLAN_MESSAGES.alreadyVip] });

  const priceCents = planPriceCents(plan, settings.billingEnabled ? settings.salesEventEndsAt : null, now);
  const coupon = request.coupon ? await validatePlanCoupon(tx, request.coupon, request.userId, now) : null;
  const discountCents = coupon ? couponDiscountCents(coupon, priceCents) : 0;
  const amountCents = priceCents - discountCents;
  const contact = await findUserContact(tx, request.userId);

  const subscription = await insertSubscription(tx, {
    userId: request.userId,
    serverId: server.id,
    planId: plan.id,
    // What each later cycle costs: the price paid before the coupon, which is for this purchase only.
    priceCents,
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: plan.interval === 'month' ? new Date(now.getTime() + PLAN_CYCLE_DAYS * DAY_MS) : null,
    createdAt: now,
  });
  const invoice = await insertInvoice(tx, {
    userId: request.userId,
    subscriptionId: subscription.id,
    amountCents,
    discountCents,
    paidWith: request.paidWith,
    lines: [
      { description: `${plan.name}: ${server.name}`, amount_cents: priceCents },
      ...(discountCents > 0 ? [{ description: `Coupon ${coupon!.code}`, amount_cents: -discountCents }] : []),
    ],
    locale: contact?.locale ?? 'en',
    createdAt: now,
  });
  if (amountCents > 0) {
    await postWithin(tx, {
      userId: request.userId,
      amountCents: -amountCents,
      type: 'charge',
      reference: `invoice:${invoice.number}`,
      idempotencyKey: `invoice:${invoice.number}`,
      description: `${plan.name}: ${server.name}`,
      metadata: {
        invoice_id: invoice.id,
        subscription_id: subscription.id,
        plan_id: plan.id,
        server_id: server.id,
      },
    });
  }
  if (coupon) {
    await insertRedemption(tx, {
      couponId: coupon.id,
      userId: request.userId,
      reference: `invoice:${invoice.number}`,
      amountCents: discountCents,
    });
  }
  await setServerVip(tx, server.id, true);
  await syncAccountSubscription(tx, request.userId, now);
  return { subscription, invoice, serverName: server.name };
}

/** The 422 a short balance gives: what it holds, what the plan costs, what is missing. */
export function insufficientBalance(error: InsufficientBalanceError): ValidationError {
  return new ValidationError(
    { balance: [PLAN_MESSAGES.insufficientBalance] },
    {
      balance: usd(error.balanceCents),
      price: usd(error.neededCents),
      missing: usd(error.neededCents - error.balanceCents),
    },
  );
}

/** Subscriptions from the balance (`/user/billing`, Plans tab). */
export function createSubscriptionsService(deps: {
  db: Database;
  policy: AccessPolicy;
  settings: PlanSettings;
  now?: () => Date;
}) {
  const { db, policy, settings } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async list(caller: Caller) {
      const at = now();
      const rows = await listSubscriptionsOf(db, caller.id);
      return {
        data: rows.map((row) => presentSubscription(row.subscription, row.serverName, at)),
        balance_cents: await balanceOf(db, caller.id),
      };
    },

    async subscribe(caller: Caller, body: CreateSubscriptionBody) {
      if (!settings.billingEnabled) throw new ForbiddenError(PLAN_MESSAGES.billingDisabled);
      // Seeing the server is needed to learn anything about it (404 otherwise); buying is the owner's.
      const server = await policy.authorizeServer(caller, body.server_id, 'view');
      if (server.userId !== caller.id) throw new ForbiddenError(PLAN_MESSAGES.ownerOnly);
      const at = now();
      try {
        const bought = await db.transaction((tx) =>
          purchaseWithin(
            tx,
            {
              userId: caller.id,
              planId: body.plan_id,
              serverId: body.server_id,
              coupon: body.coupon,
              paidWith: 'balance',
            },
            settings,
            at,
          ),
        );
        return {
          data: presentSubscription(bought.subscription, bought.serverName, at),
          invoice: presentInvoice(bought.invoice),
        };
      } catch (error) {
        if (error instanceof InsufficientBalanceError) throw insufficientBalance(error);
        throw error;
      }
    },

    /** Cancel at period end: VIP until then, no further charge. A lifetime plan cannot be canceled. */
    async cancel(caller: Caller, subscriptionId: number) {
      const found = await findSubscriptionOf(db, caller.id, subscriptionId);
      if (!found) throw new NotFoundError(PLAN_MESSAGES.subscriptionNotFound);
      const at = now();
      const row = await db.transaction(async (tx) => {
        const locked = await lockSubscription(tx, subscriptionId);
        if (!locked || locked.currentPeriodEnd === null || !['active', 'past_due'].includes(locked.status)) {
          throw new ValidationError({ subscription_id: [PLAN_MESSAGES.notCancelable] });
        }
        return updateSubscription(tx, subscriptionId, { status: 'canceled', cancelAtPeriodEnd: true });
      });
      return { data: presentSubscription(row, found.serverName, at) };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
