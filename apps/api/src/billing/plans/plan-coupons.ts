import { PLAN_MESSAGES } from '@hostdeck/contracts/plans';
import type { coupons } from '../../database/schema.js';
import { ValidationError } from '../../domain/errors.js';
import type { LedgerTx } from '../ledger.js';
import { countInvoicesOf, countRedemptions, lockCouponByCode } from './subscriptions.repository.js';

export type Coupon = typeof coupons.$inferSelect;

/**
 * The plan side of a coupon (issue 24 point 5): the code exists, has not expired, applies to plans
 * (`applies_to` plan or any), has uses left and, when first-time-only, the account has never paid
 * (no invoice yet). Runs inside the purchase's transaction with the coupon row locked, so two
 * purchases racing for its last use cannot both have it. Written here, beside the plans, because
 * the coupon call of the money area (GET api/user/coupons/{coupon}) was not there yet; the rules are
 * the same ones.
 */
export async function validatePlanCoupon(
  tx: LedgerTx,
  code: string,
  userId: number,
  now: Date,
): Promise<Coupon> {
  const coupon = await lockCouponByCode(tx, code);
  const refuse = (message: string) => new ValidationError({ coupon: [message] });
  if (!coupon) throw refuse(PLAN_MESSAGES.couponUnknown);
  if (coupon.appliesTo !== 'plan' && coupon.appliesTo !== 'any')
    throw refuse(PLAN_MESSAGES.couponNotForPlans);
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime())
    throw refuse(PLAN_MESSAGES.couponExpired);
  if (coupon.maxUses !== null && (await countRedemptions(tx, coupon.id)) >= coupon.maxUses) {
    throw refuse(PLAN_MESSAGES.couponUsedUp);
  }
  if (coupon.firstTimeOnly && (await countInvoicesOf(tx, userId)) > 0)
    throw refuse(PLAN_MESSAGES.couponFirstTime);
  return coupon;
}

/** What the coupon takes off a price (never more than the price). */
export function couponDiscountCents(coupon: Coupon, priceCents: number): number {
  const off =
    coupon.percentOff !== null
      ? Math.round((priceCents * coupon.percentOff) / 100)
      : Number(coupon.amountOffCents ?? 0);
  return Math.max(0, Math.min(priceCents, off));
}
