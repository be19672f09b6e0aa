import type { TopupPurpose } from '@hostdeck/contracts/billing';
import type { BillingRepository, TopupRow } from './billing.repository.js';
import { couponProblem, couponValue } from './coupons.js';
import { postWithin, type LedgerTx } from './ledger.js';

/**
 * Crediting a confirmed top-up: the only way money comes in (docs/billing.md). Runs inside the
 * webhook's transaction, after the account's row is locked, so two deliveries of one event queue
 * up and the second finds the idempotency key posted. The coupon bonus and its redemption commit
 * with the credit, or not at all.
 */
export async function creditTopupWithin(
  repository: BillingRepository,
  tx: LedgerTx,
  topup: TopupRow,
  source: {
    provider: 'stripe' | 'sepay';
    /** The provider's reference of the payment (pi_…, SePay's transaction id). */
    providerRef: string;
    purpose?: TopupPurpose | null;
    description: string;
  },
): Promise<{ created: boolean; bonusCents: number }> {
  const reference = `topup:${topup.id}`;
  const posted = await postWithin(tx, {
    userId: topup.userId,
    amountCents: topup.amountCents,
    type: 'topup',
    reference,
    idempotencyKey: `${source.provider}:${source.providerRef}`,
    description: source.description,
    metadata: {
      provider: source.provider,
      topup_id: topup.id,
      provider_ref: source.providerRef,
      ...(source.purpose ? { purpose: source.purpose } : {}),
    },
  });
  if (!posted.created) return { created: false, bonusCents: 0 };

  let bonusCents = 0;
  if (topup.couponId !== null) {
    // Locked: two payments racing for a coupon's last use take turns here.
    const coupon = await repository.lockCoupon(tx, topup.couponId);
    if (coupon) {
      const problem = couponProblem(coupon, {
        at: topup.createdAt,
        timesUsed: await repository.redemptionCount(tx, coupon.id),
        paidBefore: await repository.hasPaidBefore(tx, topup.userId, posted.entry.id),
        use: 'topup',
      });
      if (problem === null) {
        bonusCents = couponValue(coupon, topup.amountCents);
        if (bonusCents > 0) {
          await repository.recordRedemption(tx, {
            couponId: coupon.id,
            userId: topup.userId,
            reference,
            amountCents: bonusCents,
          });
          await postWithin(tx, {
            userId: topup.userId,
            amountCents: bonusCents,
            type: 'coupon',
            reference,
            idempotencyKey: `coupon:${reference}`,
            description: `Coupon ${coupon.code}`,
            metadata: { coupon_id: coupon.id, code: coupon.code, topup_id: topup.id },
          });
        }
      }
    }
  }
  await repository.settleTopup(tx, topup.id, 'succeeded', bonusCents);
  return { created: true, bonusCents };
}
