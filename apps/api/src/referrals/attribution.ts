import { normaliseReferralCode, REFERRAL_CODE_PATTERN } from '@hostdeck/contracts/referrals';
import type { LedgerTx } from '../billing/ledger.js';
import { referralsRepository } from './referrals.repository.js';

/**
 * Attributes a new account to the referral code it signed up with (the `ref` cookie the SPA's page
 * route set, http/spa.ts), in the registration's transaction: billing_accounts.referral_code_id and
 * referred_at. An unknown or malformed code, or the account's own, is ignored. Answers whether it
 * attributed.
 */
export async function attributeReferral(
  tx: LedgerTx,
  userId: number,
  rawCode: string | undefined,
  now: Date = new Date(),
): Promise<boolean> {
  if (!rawCode) return false;
  const code = normaliseReferralCode(rawCode);
  if (!REFERRAL_CODE_PATTERN.test(code)) return false;
  const row = await referralsRepository.findCode(tx, code);
  if (!row || row.userId === userId) return false;
  await referralsRepository.attribute(tx, userId, row.id, now);
  return true;
}
