import type { Coupon } from '@hostdeck/contracts/billing';
import type { CouponRow } from './billing.repository.js';

/**
 * Coupons (issue 24 point 5): an amount off (cents) or a percent off, an expiry, a maximum number
 * of uses, first-time-only, and what it applies to (a top-up, a plan, or both). On a top-up the
 * coupon is a bonus credited with it; the redemption is recorded in the credit's transaction.
 */

export type CouponUse = 'topup' | 'plan';

/** The bonus (top-up) or discount (plan) of a coupon on an amount, never more than the amount. */
export function couponValue(coupon: Pick<CouponRow, 'amountOffCents' | 'percentOff'>, amountCents: number): number {
  if (coupon.amountOffCents !== null) return Math.min(coupon.amountOffCents, amountCents);
  if (coupon.percentOff !== null) return Math.floor((amountCents * coupon.percentOff) / 100);
  return 0;
}

export function couponAppliesTo(coupon: Pick<CouponRow, 'appliesTo'>, use: CouponUse): boolean {
  return coupon.appliesTo === 'any' || coupon.appliesTo === use;
}

/** Why a coupon cannot be used now (null: it can); `paidBefore` for first-time-only. */
export function couponProblem(
  coupon: CouponRow,
  context: { at: Date; timesUsed: number; paidBefore: boolean; use?: CouponUse },
): string | null {
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= context.at.getTime()) return 'expired';
  if (coupon.maxUses !== null && context.timesUsed >= coupon.maxUses) return 'used up';
  if (coupon.firstTimeOnly && context.paidBefore) return 'first-time only';
  if (context.use && !couponAppliesTo(coupon, context.use)) return `not for a ${context.use}`;
  return null;
}

export function presentCoupon(coupon: CouponRow, timesUsed: number): Coupon {
  return {
    id: coupon.id,
    code: coupon.code,
    amount_off: coupon.amountOffCents,
    percent_off: coupon.percentOff,
    applies_to: coupon.appliesTo as Coupon['applies_to'],
    expires_at: coupon.expiresAt?.toISOString() ?? null,
    max_uses: coupon.maxUses,
    first_time_only: coupon.firstTimeOnly,
    times_used: timesUsed,
  };
}
