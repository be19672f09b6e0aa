import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.js';
import { servers } from './servers.js';

/**
 * Billing (issue 24, docs/billing.md). Money is integer cents of USD everywhere. The ledger is the
 * truth: every movement of money is one append-only `ledger_entries` row with a unique
 * idempotency key, and `billing_accounts.balance_cents` is moved in the same transaction by
 * billing/ledger.ts, the only writer of both (a test sums the ledger against every balance).
 */
export const billingAccounts = pgTable('billing_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  /** Stripe's customer (cus_…), made at the first card payment or saved card. */
  stripeCustomerId: varchar('stripe_customer_id', { length: 64 }),
  /** The per-user reference a bank transfer carries in its description (VietQR), e.g. HD12345AB. */
  transferReference: varchar('transfer_reference', { length: 32 }).unique(),
  /** The referral code this account signed up with (the `ref` landing parameter, kept 60 days). */
  referralCodeId: integer('referral_code_id'),
  referredAt: timestamp('referred_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One movement of money. Never updated, never deleted (a refund is a new negative row). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed: a credit is positive, a charge negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    /** topup, coupon, charge, refund, commission, commission_reversal, adjustment. */
    type: varchar('type', { length: 32 }).notNull(),
    /** What it belongs to: a payment intent, a bank transfer, an invoice number. */
    reference: varchar('reference', { length: 128 }).notNull(),
    /** Unique over the whole ledger: the same key twice is the same movement, posted once. */
    idempotencyKey: varchar('idempotency_key', { length: 191 }).notNull().unique(),
    description: text('description'),
    /** The balance after this row (the account's row lock orders them). */
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_entries_user').on(table.userId, table.id)],
);

/**
 * Every payment webhook as it arrived, by the provider's event id: a replay finds its row and does
 * nothing; one that names nothing we know is kept with status `flagged`, never dropped.
 */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** received, processed, ignored, flagged. */
    status: varchar('status', { length: 16 }).notNull().default('received'),
    reason: text('reason'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('payment_webhooks_event').on(table.provider, table.eventId)],
);

/** A top-up started by the user; credited only by its provider's confirmed event. */
export const topups = pgTable(
  'topups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** stripe or sepay. */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** Stripe's payment intent id (pi_…) or the bank transfer's reference. */
    providerRef: varchar('provider_ref', { length: 128 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Extra credit from a coupon, posted with the top-up. */
    bonusCents: bigint('bonus_cents', { mode: 'number' }).notNull().default(0),
    couponId: integer('coupon_id'),
    /** pending, succeeded, failed, refunded. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('topups_provider_ref').on(table.provider, table.providerRef),
    index('topups_user').on(table.userId),
  ],
);

/** A saved card (Stripe payment method); the card itself stays at Stripe. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripePaymentMethodId: varchar('stripe_payment_method_id', { length: 64 }).notNull().unique(),
    brand: varchar('brand', { length: 32 }).notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** Stripe's card fingerprint: the same card on two accounts blocks self-referral. */
    fingerprint: varchar('fingerprint', { length: 64 }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_methods_user').on(table.userId),
    index('payment_methods_fingerprint').on(table.fingerprint),
  ],
);

export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Kept upper-case; looked up case-insensitively. */
  code: varchar('code', { length: 32 }).notNull().unique(),
  amountOffCents: bigint('amount_off_cents', { mode: 'number' }),
  percentOff: integer('percent_off'),
  /** topup, plan or any. */
  appliesTo: varchar('applies_to', { length: 8 }).notNull().default('any'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  /** Only for an account that has never paid. */
  firstTimeOnly: boolean('first_time_only').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A coupon used once, recorded in the transaction that posts its money. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The top-up or invoice it reduced (e.g. topup:12, invoice:HD-000031). */
    reference: varchar('reference', { length: 128 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('coupon_redemptions_reference').on(table.couponId, table.reference)],
);

/**
 * A plan bought for a server (VIP). `subscriptions` (accounts.ts) is the account-level row the user
 * presenter reads; each server subscription is one of these with its 30-day cycle.
 */
export const serverSubscriptions = pgTable(
  'server_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: integer('server_id').references(() => servers.id, { onDelete: 'set null' }),
    planId: varchar('plan_id', { length: 32 }).notNull(),
    /** What a cycle costs, fixed at purchase (a sales price stays for the subscription's life). */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** active, past_due (in grace), canceled (runs to period end), ended. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    /** Null for a lifetime plan. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('server_subscriptions_user').on(table.userId),
    uniqueIndex('server_subscriptions_live_server')
      .on(table.serverId)
      .where(sql`${table.status} in ('active', 'past_due', 'canceled')`),
  ],
);

/** A numbered invoice for each charge (HD-000001), rendered as PDF in its locale. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: varchar('number', { length: 32 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    /** paid, refunded. */
    status: varchar('status', { length: 16 }).notNull().default('paid'),
    /** balance or card. */
    paidWith: varchar('paid_with', { length: 16 }).notNull(),
    lines: jsonb('lines').$type<{ description: string; amount_cents: number }[]>().notNull(),
    locale: varchar('locale', { length: 8 }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoices_user').on(table.userId, table.id)],
);

export const referralCodes = pgTable(
  'referral_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('referral_codes_user').on(table.userId)],
);

/** A referrer's share of a referred account's paid money; withdrawable after the holding period. */
export const commissions = pgTable(
  'commissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: integer('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralCodeId: integer('referral_code_id'),
    /** The paid movement it comes from (a top-up's reference); one commission per source. */
    sourceReference: varchar('source_reference', { length: 128 }).notNull().unique(),
    sourceAmountCents: bigint('source_amount_cents', { mode: 'number' }).notNull(),
    percent: integer('percent').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** pending, available, reversed, paid. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('commissions_referrer').on(table.referrerUserId, table.id)],
);
