import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { defineRoutes } from './route-contract.js';

/**
 * Referrals, "Invite to Earn" (issue 24 point 6, docs/referrals.md). A user shares
 * `{APP_URL}/register?ref=CODE`; the panel keeps the `ref` landing parameter 60 days (a cookie) and
 * the sign-up attributes it. Each top-up of the referred account earns the referrer a commission of
 * MAX_COMMISSION percent (app info `max_commission`), pending for a holding period, then available
 * (withdrawable; it can be credited to the referrer's balance); a refund of that top-up reverses it.
 */

/** At most this many codes per account. */
export const REFERRAL_CODES_MAX = 20;
/** Days the `ref` landing parameter is kept (spec/000 §4: a cookie, set by days). */
export const REFERRAL_COOKIE_DAYS = 60;
/** The cookie that holds it. */
export const REFERRAL_COOKIE = 'ref';
/** Days a commission is pending before it becomes available (a refund window). */
export const COMMISSION_HOLDING_DAYS = 30;

/** A code as it is kept: 4 to 32 letters, digits and -, upper case. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9-]{4,32}$/;

/** English messages (i18n keys); Vietnamese in apps/api/src/referrals/referrals.vi.ts. */
export const REFERRAL_MESSAGES = {
  code: 'Use 4 to 32 letters, digits and -',
  name: 'Use 1 to 64 characters',
  taken: 'This code is already taken.',
  tooMany: 'You may keep at most 20 referral codes.',
  notAvailable: 'This commission is not available to credit.',
} as const;

/** Upper-cases and trims a code as typed or as it arrives in a link. */
export function normaliseReferralCode(value: string): string {
  return value.trim().toUpperCase();
}

const codeSchema = z
  .string()
  .transform(normaliseReferralCode)
  .refine((value) => REFERRAL_CODE_PATTERN.test(value), { message: REFERRAL_MESSAGES.code });
const nameSchema = z.string().trim().min(1, { message: REFERRAL_MESSAGES.name }).max(64, {
  message: REFERRAL_MESSAGES.name,
});

export const referralCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Accounts that signed up with it. */
  signups: z.number().int(),
  created_at: z.string(),
});
export type ReferralCode = z.infer<typeof referralCodeSchema>;

export const createReferralCodeBodySchema = z.strictObject({ code: codeSchema, name: nameSchema });
export type CreateReferralCodeBody = z.input<typeof createReferralCodeBodySchema>;
export const renameReferralCodeBodySchema = z.strictObject({ name: nameSchema });
export type RenameReferralCodeBody = z.input<typeof renameReferralCodeBodySchema>;

/** Any string: a code that is not the caller's (or not well formed) answers 404. */
const codeParamsSchema = z.object({ code: z.string().max(64) });

export const COMMISSION_STATUSES = ['pending', 'available', 'reversed', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const commissionSchema = z.object({
  id: z.number().int(),
  /** The referred account, by name only (never its email). */
  referred_name: z.string(),
  code: z.string().nullable(),
  source_amount: z.number().int(),
  percent: z.number().int(),
  /** Cents of USD. */
  amount: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  available_at: z.string(),
  created_at: z.string(),
});
export type Commission = z.infer<typeof commissionSchema>;

/** Totals in cents: `available` is what can be withdrawn (or credited to the balance). */
export const commissionSummarySchema = z.object({
  pending: z.number().int(),
  available: z.number().int(),
  reversed: z.number().int(),
  /** Credited to the referrer's balance (paid out). */
  paid: z.number().int(),
  /** MAX_COMMISSION, the percent new commissions earn. */
  percent: z.number(),
  holding_days: z.number().int(),
});
export type CommissionSummary = z.infer<typeof commissionSummarySchema>;

export const commissionListSchema = paginatedSchema(commissionSchema).extend({
  summary: commissionSummarySchema,
});
export type CommissionList = z.infer<typeof commissionListSchema>;

export const referralRoutes = defineRoutes({
  listCodes: {
    method: 'GET',
    path: '/api/user/referral/codes',
    response: z.object({ data: z.array(referralCodeSchema) }),
  },
  createCode: {
    method: 'POST',
    path: '/api/user/referral/codes',
    body: createReferralCodeBodySchema,
    response: z.object({ data: referralCodeSchema }),
  },
  renameCode: {
    method: 'PUT',
    path: '/api/user/referral/codes/:code',
    params: codeParamsSchema,
    body: renameReferralCodeBodySchema,
    response: z.object({ data: referralCodeSchema }),
  },
  patchCode: {
    method: 'PATCH',
    path: '/api/user/referral/codes/:code',
    params: codeParamsSchema,
    body: renameReferralCodeBodySchema,
    response: z.object({ data: referralCodeSchema }),
  },
  deleteCode: { method: 'DELETE', path: '/api/user/referral/codes/:code', params: codeParamsSchema },
  commissions: {
    method: 'GET',
    path: '/api/user/commissions',
    query: pageQuerySchema,
    response: commissionListSchema,
  },
  /** Credits an available commission to the referrer's balance, once (a `commission` ledger row). */
  creditCommission: {
    method: 'POST',
    path: '/api/user/commissions/:commission/credit',
    response: z.object({ data: commissionSchema }),
  },
});
