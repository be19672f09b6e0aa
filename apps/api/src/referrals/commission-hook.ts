import { COMMISSION_HOLDING_DAYS } from '@hostdeck/contracts/referrals';
import { postWithin, type LedgerEntry, type LedgerTx, type PostingHook } from '../billing/ledger.js';
import type { PanelLog } from '../composition.js';
import { normaliseMailbox } from './mailbox.js';
import { referralsRepository } from './referrals.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CommissionHookOptions {
  /** MAX_COMMISSION: the percent a commission earns, and its cap. */
  maxCommission: number;
  now: () => Date;
  log: Pick<PanelLog, 'info'>;
}

/** The percent a new commission earns: MAX_COMMISSION, whole, never above it nor above 100. */
export function commissionPercent(maxCommission: number): number {
  return Math.max(0, Math.floor(Math.min(maxCommission, 100)));
}

/**
 * Why a referrer and the referred account are one person, or null: the same mailbox after
 * normalising (mailbox.ts), or the same card (Stripe fingerprint) saved on both accounts.
 */
async function selfReferral(tx: LedgerTx, referrerId: number, referredId: number): Promise<string | null> {
  const people = await referralsRepository.emailsOf(tx, [referrerId, referredId]);
  const referrer = people.find((person) => person.id === referrerId);
  const referred = people.find((person) => person.id === referredId);
  if (referrer && referred && normaliseMailbox(referrer.email) === normaliseMailbox(referred.email))
    return 'same mailbox';
  return (await referralsRepository.shareCard(tx, referrerId, referredId)) ? 'same card fingerprint' : null;
}

/** A new top-up of a referred account: the referrer's pending commission, in the same transaction. */
async function recordCommission(tx: LedgerTx, entry: LedgerEntry, options: CommissionHookOptions) {
  const referral = await referralsRepository.referralOf(tx, entry.userId);
  if (!referral || referral.referrerId === entry.userId) return;
  const percent = commissionPercent(options.maxCommission);
  const amount = Math.floor((entry.amountCents * percent) / 100);
  if (amount <= 0) return;
  const blocked = await selfReferral(tx, referral.referrerId, entry.userId);
  if (blocked) {
    options.log.info(
      {
        referrer_id: referral.referrerId,
        referred_id: entry.userId,
        reference: entry.reference,
        reason: blocked,
      },
      'Self-referral: no commission',
    );
    return;
  }
  const now = options.now();
  await referralsRepository.insertCommission(tx, {
    referrerUserId: referral.referrerId,
    referredUserId: entry.userId,
    referralCodeId: referral.codeId,
    sourceReference: entry.reference,
    sourceAmountCents: entry.amountCents,
    percent,
    amountCents: amount,
    status: 'pending',
    availableAt: new Date(now.getTime() + COMMISSION_HOLDING_DAYS * DAY_MS),
    createdAt: now,
  });
}

/**
 * A refund of a commissioned top-up (same reference): the commission is reversed; one already
 * credited to the referrer's balance is taken back by a `commission_reversal` row (once, by key).
 */
async function reverseCommission(tx: LedgerTx, entry: LedgerEntry) {
  const commission = await referralsRepository.lockCommissionBySource(tx, entry.reference, entry.userId);
  if (!commission || commission.status === 'reversed') return;
  if (commission.status === 'paid') {
    await postWithin(tx, {
      userId: commission.referrerUserId,
      amountCents: -commission.amountCents,
      type: 'commission_reversal',
      reference: `commission:${commission.id}`,
      idempotencyKey: `commission_reversal:${commission.id}`,
      description: `Referral commission reversed: ${entry.reference} was refunded`,
      metadata: { commission_id: commission.id, refund_entry_id: entry.id },
      allowNegative: true,
    });
  }
  await referralsRepository.setCommissionStatus(tx, commission.id, 'reversed');
}

/**
 * The ledger hook (billing/ledger.ts `onLedgerPosting`) of referrals: runs in the posting's
 * transaction for each new row; a `topup` earns a commission, a `refund` reverses it.
 */
export function createCommissionHook(options: CommissionHookOptions): PostingHook {
  return async (tx, entry) => {
    if (entry.type === 'topup' && entry.amountCents > 0) await recordCommission(tx, entry, options);
    else if (entry.type === 'refund') await reverseCommission(tx, entry);
  };
}
