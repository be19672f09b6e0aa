import { z } from 'zod';
import { defineRoutes } from './route-contract.js';
import { pageQuerySchema, paginatedSchema } from './pagination.js';

/**
 * Billing money-in (issue 24 points 1, 2, 4 and 5; docs/billing.md): the balance, top-ups by card
 * (Stripe PaymentIntents) and by Vietnamese bank transfer (SePay, VietQR), saved cards, coupons
 * and the transactions list. Money is integer cents of USD; a balance is credited only by a
 * provider's verified webhook (api/stripe/webhook, api/sepay), never by the browser.
 */

/** Top-up minimum (spec/000 §5): $5.00. */
export const TOPUP_MINIMUM_CENTS = 500;
/** Top-up maximum, so one typo cannot ask the card for a fortune: $10,000.00. */
export const TOPUP_MAXIMUM_CENTS = 1_000_000;

/** English messages (i18n keys); Vietnamese in apps/api/src/billing/billing.vi.ts. */
export const BILLING_MESSAGES = {
  topupMinimum: 'Top-up minimum $5.00',
  topupMaximum: 'Top-up maximum $10,000.00',
  couponInvalid: 'This coupon is not valid.',
  couponNotForTopup: 'This coupon does not apply to a top-up.',
  cardsUnavailable: 'Card payments are not configured on this panel.',
  bankUnavailable: 'Bank transfer is not configured on this panel.',
  paymentMethodUnknown: 'This card is not saved on your account.',
  webhookSignature: 'The webhook signature is not valid.',
  webhookApiKey: 'The API key is not valid.',
  couponCode: 'Use 3 to 32 letters, digits, - and _',
  couponDiscount: 'Give either an amount off or a percent off (1 to 100)',
  couponExists: 'A coupon with this code exists.',
} as const;

const COUPON_CODE = /^[A-Za-z0-9_-]{3,32}$/;

export const balanceSchema = z.object({
  /** Dollars with two decimals, e.g. "10.00". */
  balance: z.string(),
  /** Cents. */
  balance_int: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const LEDGER_ENTRY_TYPES = [
  'topup',
  'coupon',
  'charge',
  'refund',
  'commission',
  'commission_reversal',
  'adjustment',
] as const;

export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** Signed cents: a credit is positive. */
  amount_int: z.number().int(),
  amount: z.string(),
  balance_after_int: z.number().int(),
  reference: z.string(),
  description: z.string().nullable(),
  /** stripe, sepay, or null for a movement inside the panel. */
  provider: z.string().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListSchema = paginatedSchema(transactionSchema);

/** A plan bought by card: copied from the PaymentIntent into the top-up's ledger entry. */
export const purposeSchema = z.strictObject({
  plan_id: z.string().min(1).max(32),
  server_id: z.number().int().positive(),
});
export type TopupPurpose = z.infer<typeof purposeSchema>;

const amountSchema = z
  .number({ message: BILLING_MESSAGES.topupMinimum })
  .int({ message: BILLING_MESSAGES.topupMinimum })
  .min(TOPUP_MINIMUM_CENTS, { message: BILLING_MESSAGES.topupMinimum })
  .max(TOPUP_MAXIMUM_CENTS, { message: BILLING_MESSAGES.topupMaximum });

const couponFieldSchema = z
  .string()
  .trim()
  .max(32)
  .optional()
  .transform((value) => (value ? value : undefined));

export const clientSecretBodySchema = z.strictObject({
  amount_cents: amountSchema,
  coupon: couponFieldSchema,
  purpose: purposeSchema.optional(),
  /** A saved card (pm_…) to pay with; otherwise the page collects one with Stripe Elements. */
  payment_method: z.string().regex(/^pm_[A-Za-z0-9_]{1,60}$/).optional(),
});
export type ClientSecretBody = z.input<typeof clientSecretBodySchema>;

export const clientSecretSchema = z.object({
  client_secret: z.string(),
  publishable_key: z.string(),
  topup_id: z.number().int(),
  amount_cents: z.number().int(),
  bonus_cents: z.number().int(),
});

export const topupBodySchema = z.strictObject({
  amount_cents: amountSchema,
  coupon: couponFieldSchema,
});
export type TopupBody = z.input<typeof topupBodySchema>;

export const bankSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The bank's BIN (NAPAS), six digits: VietQR names the bank by it. */
  bin: z.string(),
  account: z.string(),
  account_name: z.string(),
});
export type Bank = z.infer<typeof bankSchema>;

export const bankTransferSchema = z.object({
  topup_id: z.number().int(),
  bank: bankSchema,
  /** The account's own transfer reference: the transfer's content must carry it. */
  reference: z.string(),
  amount_cents: z.number().int(),
  bonus_cents: z.number().int(),
  amount_vnd: z.number().int(),
  usd_rate: z.number(),
  /** The EMVCo (VietQR) payload a banking app scans. */
  qr: z.string(),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

export const COUPON_APPLIES_TO = ['topup', 'plan', 'any'] as const;

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Cents, or null for a percent coupon. */
  amount_off: z.number().int().nullable(),
  percent_off: z.number().int().nullable(),
  applies_to: z.enum(COUPON_APPLIES_TO),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  first_time_only: z.boolean(),
  times_used: z.number().int(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponQuerySchema = z.object({
  /** What the coupon is for: a top-up's or a plan's check (any when not given). */
  for: z.enum(['topup', 'plan']).optional(),
});

export const createCouponBodySchema = z
  .strictObject({
    code: z.string().trim().regex(COUPON_CODE, { message: BILLING_MESSAGES.couponCode }),
    amount_off: z.number().int().min(1).max(TOPUP_MAXIMUM_CENTS).nullable().default(null),
    percent_off: z.number().int().min(1).max(100).nullable().default(null),
    applies_to: z.enum(COUPON_APPLIES_TO).default('any'),
    expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
    max_uses: z.number().int().min(1).nullable().default(null),
    first_time_only: z.boolean().default(false),
  })
  .refine((value) => (value.amount_off === null) !== (value.percent_off === null), {
    message: BILLING_MESSAGES.couponDiscount,
    path: ['percent_off'],
  });
export type CreateCouponBody = z.input<typeof createCouponBodySchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const addPaymentMethodBodySchema = z.strictObject({
  /** The card confirmed with a SetupIntent in the browser (pm_…). */
  payment_method: z.string().regex(/^pm_[A-Za-z0-9_]{1,60}$/),
});

const paymentMethodParams = z.object({ payment_method: z.string().regex(/^pm_[A-Za-z0-9_]{1,60}$/) });

/** SePay's webhook body (docs.sepay.vn): one incoming bank transfer. */
export const sepayWebhookSchema = z.looseObject({
  id: z.union([z.number().int(), z.string().min(1).max(64)]),
  gateway: z.string().max(100).nullish(),
  transactionDate: z.string().max(64).nullish(),
  accountNumber: z.string().max(64).nullish(),
  code: z.string().max(128).nullish(),
  content: z.string().max(2000).nullish(),
  transferType: z.string().max(8),
  transferAmount: z.number().nonnegative(),
  accumulated: z.number().nullish(),
  subAccount: z.string().max(64).nullish(),
  referenceCode: z.string().max(128).nullish(),
  description: z.string().max(2000).nullish(),
});
export type SepayWebhook = z.infer<typeof sepayWebhookSchema>;

export const billingRoutes = defineRoutes({
  balance: {
    method: 'GET',
    path: '/api/user/balance',
    response: balanceSchema,
  },
  transactions: {
    method: 'GET',
    path: '/api/user/transactions',
    query: pageQuerySchema,
    response: transactionListSchema,
  },
  clientSecret: {
    method: 'POST',
    path: '/api/user/client-secret',
    body: clientSecretBodySchema,
    response: z.object({ data: clientSecretSchema }),
  },
  topup: {
    method: 'POST',
    path: '/api/user/topup',
    body: topupBodySchema,
    response: z.object({ data: bankTransferSchema }),
  },
  coupon: {
    method: 'GET',
    path: '/api/user/coupons/:coupon',
    params: z.object({ coupon: z.string().max(64) }),
    query: couponQuerySchema,
    response: z.object({ data: couponSchema.omit({ id: true, times_used: true, max_uses: true }) }),
  },
  paymentMethods: {
    method: 'GET',
    path: '/api/user/payment_methods',
    response: z.object({ data: z.array(paymentMethodSchema) }),
  },
  setupIntent: {
    method: 'POST',
    path: '/api/user/payment_methods/setup-intent',
    response: z.object({ data: z.object({ client_secret: z.string(), publishable_key: z.string() }) }),
  },
  addPaymentMethod: {
    method: 'POST',
    path: '/api/user/payment_methods',
    body: addPaymentMethodBodySchema,
    response: z.object({ data: paymentMethodSchema }),
  },
  deletePaymentMethod: {
    method: 'DELETE',
    path: '/api/user/payment_methods/:payment_method',
    params: paymentMethodParams,
  },
  defaultPaymentMethod: {
    method: 'POST',
    path: '/api/user/payment_methods/:payment_method/default',
    params: paymentMethodParams,
    response: z.object({ data: paymentMethodSchema }),
  },
  adminCoupons: {
    method: 'GET',
    path: '/api/admin/coupons',
    response: z.object({ data: z.array(couponSchema) }),
  },
  adminCreateCoupon: {
    method: 'POST',
    path: '/api/admin/coupons',
    body: createCouponBodySchema,
    response: z.object({ data: couponSchema }),
  },
  adminDeleteCoupon: {
    method: 'DELETE',
    path: '/api/admin/coupons/:coupon',
  },
  /** Public: Stripe's signed events (raw body, Stripe-Signature). */
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    response: z.object({ received: z.boolean() }),
  },
  /** Public: SePay's transfers (Authorization: Apikey …). */
  sepayWebhook: {
    method: 'POST',
    path: '/api/sepay',
    body: sepayWebhookSchema,
    response: z.object({ success: z.boolean() }),
  },
});

/** Cents as dollars with two decimals ("10.00", "-3.50"). */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
