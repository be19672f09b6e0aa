import { PLAN_MESSAGES } from '@hostdeck/contracts/plans';
import type { coupons } from '../../database/schema.js';
import { ValidationError } from '../../domain/errors.js';
import { couponProblem, couponValue } from '../coupons.js';
import type { LedgerTx } from '../ledger.js';
import { countInvoicesOf, countRedemptions, lockCouponByCode } from './subscriptions.repository.js';

export type Coupon = typeof coupons.$inferSelect;

/** The money area's reasons (coupons.ts `couponProblem`) as the plan form's field messages. */
const PROBLEM_MESSAGES: Record<string, string> = {
  expired: PLAN_MESSAGES.couponExpired,
  'used up': PLAN_MESSAGES.couponUsedUp,
  'first-time only': PLAN_MESSAGES.couponFirstTime,
  'not for a plan': PLAN_MESSAGES.couponNotForPlans,
};

/**
 * A coupon on a plan (issue 24 point 5), by the same rules as the coupon call and top-ups
 * (billing/coupons.ts): not expired, uses left, applies to plans (`plan` or `any`), and for a
 * first-time-only coupon no plan paid before (no invoice yet: a plan is bought from a balance
 * that was topped up, so "never topped up" could never hold here). Runs in the purchase's
 * transaction with the coupon row locked, so two purchases racing for its last use cannot both
 * have it.
 */
export async function validatePlanCoupon(
  tx: LedgerTx,
  code: string,
  userId: number,
  now: Date,
): Promise<Coupon> {
  const coupon = await lockCouponByCode(tx, code);
  if (!coupon) throw new ValidationError({ coupon: [PLAN_MESSAGES.couponUnknown] });
  const problem = couponProblem(coupon, {
    at: now,
    timesUsed: await countRedemptions(tx, coupon.id),
    paidBefore: (await countInvoicesOf(tx, userId)) > 0,
    use: 'plan',
  });
  if (problem !== null) {
    throw new ValidationError({ coupon: [PROBLEM_MESSAGES[problem] ?? PLAN_MESSAGES.couponUnknown] });
  }
  return coupon;
}

/** What the coupon takes off a plan's price (never more than the price). */
export function couponDiscountCents(coupon: Coupon, priceCents: number): number {
  return couponValue(coupon, priceCents);
}
