import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { defineRoutes } from './route-contract.js';

/**
 * Plans, VIP server subscriptions and invoices (issue 24 points 3 and 4, docs/billing-plans.md).
 * A plan is bought for one server, from the balance (or by a card top-up carrying the plan as its
 * purpose); the server is VIP while a subscription of it lives. Money is integer cents of USD.
 */
export const PLAN_IDS = ['vip_monthly', 'vip_lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanDefinition {
  id: PlanId;
  /** English name; the web shows its own translation by id (user/billing/plans/locales). */
  name: string;
  price_cents: number;
  interval: 'month' | 'lifetime';
}

/** The catalogue (constant: changing a price is a code change a reviewer sees). */
export const PLANS: readonly PlanDefinition[] = [
  { id: 'vip_monthly', name: 'VIP Monthly', price_cents: 1000, interval: 'month' },
  { id: 'vip_lifetime', name: 'VIP Lifetime', price_cents: 9900, interval: 'lifetime' },
];

/** "Get up to 50% OFF Lifetime Plan" (spec/000 §2, §9): the lifetime plan's discount during a sales event. */
export const SALES_EVENT_LIFETIME_PERCENT_OFF = 50;

/** A monthly plan's cycle (spec/000 §9: 30-day cycles). */
export const PLAN_CYCLE_DAYS = 30;
/** Days a subscription whose renewal failed stays VIP before it ends (dunning). */
export const PLAN_GRACE_DAYS = 7;

export function findPlan(id: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Whether a sales event runs at `now` (event_ends_at of app info, null without billing). */
export function salesEventRuns(eventEndsAt: string | null, now: Date): boolean {
  return eventEndsAt !== null && Date.parse(eventEndsAt) > now.getTime();
}

/** What the plan costs at `now`: the lifetime plan at its sales price while an event runs. */
export function planPriceCents(plan: PlanDefinition, eventEndsAt: string | null, now: Date): number {
  if (plan.interval === 'lifetime' && salesEventRuns(eventEndsAt, now)) {
    return Math.round((plan.price_cents * (100 - SALES_EVENT_LIFETIME_PERCENT_OFF)) / 100);
  }
  return plan.price_cents;
}

/** English messages (i18n keys); Vietnamese in apps/api/src/billing/plans/plans.vi.ts. */
export const PLAN_MESSAGES = {
  unknownPlan: 'Choose one of the plans.',
  billingDisabled: 'Billing is not enabled on this panel.',
  ownerOnly: "Only the server's owner can buy a plan for it.",
  alreadyVip: 'This server already has a plan.',
  insufficientBalance: 'Your balance is {balance}, this plan costs {price}: top up {missing} more.',
  couponUnknown: 'This coupon does not exist.',
  couponExpired: 'This coupon has expired.',
  couponUsedUp: 'This coupon has been used up.',
  couponNotForPlans: 'This coupon does not apply to plans.',
  couponFirstTime: 'This coupon is only for a first payment.',
  subscriptionNotFound: 'No such subscription.',
  notCancelable: 'This subscription cannot be canceled.',
} as const;

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'ended'] as const;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  plan_id: z.string(),
  server_id: z.number().int().nullable(),
  server_name: z.string().nullable(),
  price_cents: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_start: z.string(),
  /** Null for a lifetime plan. */
  current_period_end: z.string().nullable(),
  /** When the next cycle is charged; null for a lifetime plan or one that ends at period end. */
  next_invoice_date: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** While past due: the day it returns to free unless the balance covers the renewal. */
  grace_until: z.string().nullable(),
  /** What is left of the current 30-day cycle, 0 to 100; null for a lifetime plan. */
  remaining_percent: z.number().int().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const createSubscriptionBodySchema = z.strictObject({
  plan_id: z.string().trim().min(1, PLAN_MESSAGES.unknownPlan),
  server_id: z.coerce.number().int().positive(),
  coupon: z.string().trim().max(32).optional(),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBodySchema>;

export const cancelSubscriptionBodySchema = z.strictObject({
  subscription_id: z.coerce.number().int().positive(),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Charged, after the discount. */
  amount_cents: z.number().int(),
  discount_cents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paid_with: z.string(),
  lines: z.array(z.object({ description: z.string(), amount_cents: z.number().int() })),
  subscription_id: z.number().int().nullable(),
  created_at: z.string(),
  /** GET of the PDF. */
  pdf_url: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const planRoutes = defineRoutes({
  subscriptions: {
    method: 'GET',
    path: '/api/user/subscriptions',
    response: z.object({ data: z.array(subscriptionSchema), balance_cents: z.number().int() }),
  },
  subscribe: {
    method: 'POST',
    path: '/api/user/subscriptions',
    body: createSubscriptionBodySchema,
    response: z.object({ data: subscriptionSchema, invoice: invoiceSchema }),
  },
  cancel: {
    method: 'DELETE',
    path: '/api/user/subscriptions',
    body: cancelSubscriptionBodySchema,
    response: z.object({ data: subscriptionSchema }),
  },
  invoices: {
    method: 'GET',
    path: '/api/user/invoices',
    query: pageQuerySchema,
    response: paginatedSchema(invoiceSchema),
  },
  invoicePdf: {
    method: 'GET',
    path: '/api/user/invoices/:invoice/pdf',
    params: z.object({ invoice: z.string().max(32) }),
  },
});
