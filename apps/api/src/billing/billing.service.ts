import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { PageQuery } from '@hostdeck/contracts';
import {
  BILLING_MESSAGES,
  centsToDollars,
  type Balance,
  type BankTransfer,
  type CreateCouponBody,
  type SepayWebhook,
  type Transaction,
  type TopupBody,
} from '@hostdeck/contracts/billing';
import type { z } from 'zod';
import type { createCouponBodySchema } from '@hostdeck/contracts/billing';
import type { AdminPolicy } from '../admin/admin-policy.js';
import type { UserRow } from '../auth/sessions.repository.js';
import type { Config } from '../config/config.js';
import { ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import type { BillingRepository, CouponRow, TopupRow } from './billing.repository.js';
import { couponProblem, couponValue, presentCoupon, type CouponUse } from './coupons.js';
import { creditTopupWithin } from './credit.js';
import { balanceOf } from './ledger.js';
import { vietQrPayload } from './vietqr.js';

/** A transfer reference: HD and 8 letters and digits that cannot be mistaken for each other. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERENCE_PATTERN = /HD[A-Z0-9]{8}/g;
/** A bank-transfer top-up started this long ago still takes its coupon when the money arrives. */
const PENDING_TRANSFER_DAYS = 7;

export function newTransferReference(): string {
  let reference = 'HD';
  for (let index = 0; index < 8; index += 1) reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return reference;
}

/** The references a transfer's code, content and description may carry (banks mangle spaces). */
export function referencesIn(body: Pick<SepayWebhook, 'code' | 'content' | 'description'>): string[] {
  const texts = [body.code, body.content, body.description].filter((text): text is string => Boolean(text));
  const found = new Set<string>();
  for (const text of texts) {
    const upper = text.toUpperCase();
    for (const variant of [upper, upper.replace(/[^A-Z0-9]/g, '')]) {
      for (const match of variant.matchAll(REFERENCE_PATTERN)) found.add(match[0]);
    }
  }
  return [...found];
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function createBillingService(deps: {
  repository: BillingRepository;
  config: Pick<Config, 'usdRate' | 'sepay'>;
  admin: Pick<AdminPolicy, 'authorize'>;
}) {
  const { repository, config } = deps;
  const vndOf = (cents: number) => Math.round((cents * config.usdRate) / 100);

  /** A usable coupon for this account and use, or the 404 every unusable one answers. */
  async function usableCoupon(user: UserRow, code: string, use: CouponUse | undefined): Promise<CouponRow> {
    const coupon = await repository.couponByCode(code.trim());
    if (!coupon) throw new NotFoundError(BILLING_MESSAGES.couponInvalid);
    const problem = couponProblem(coupon, {
      at: new Date(),
      timesUsed: await repository.redemptionCount(repository.db, coupon.id),
      paidBefore: await repository.hasPaidBefore(repository.db, user.id),
      use,
    });
    if (problem !== null) throw new NotFoundError(BILLING_MESSAGES.couponInvalid);
    return coupon;
  }

  async function topupCoupon(user: UserRow, code: string | undefined, amountCents: number) {
    if (!code) return { couponId: null, bonusCents: 0 };
    const coupon = await usableCoupon(user, code, 'topup').catch(() => {
      throw new ValidationError({ coupon: [BILLING_MESSAGES.couponInvalid] });
    });
    return { couponId: coupon.id, bonusCents: couponValue(coupon, amountCents) };
  }

  function sepayKeyMatches(authorization: string | undefined): boolean {
    const key = config.sepay.apiKey;
    if (!key || !authorization) return false;
    const match = /^apikey\s+(.+)$/i.exec(authorization.trim());
    return Boolean(match) && sameSecret(match![1]!.trim(), key);
  }

  return {
    topupCoupon,

    async balance(user: UserRow): Promise<Balance> {
      const cents = await balanceOf(repository.db, user.id);
      return { balance: centsToDollars(cents), balance_int: cents };
    },

    async transactions(user: UserRow, query: PageQuery) {
      const { rows, total } = await repository.ledgerPage(user.id, query.page, query.itemsPerPage);
      const data: Transaction[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        amount_int: row.amountCents,
        amount: centsToDollars(row.amountCents),
        balance_after_int: row.balanceAfterCents,
        reference: row.reference,
        description: row.description,
        provider: typeof row.metadata?.provider === 'string' ? row.metadata.provider : null,
        created_at: row.createdAt.toISOString(),
      }));
      return paginate({
        data,
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/user/transactions',
      });
    },

    /** The account's transfer reference, made at its first bank top-up. */
    async transferReference(userId: number): Promise<string> {
      const existing = await repository.account(userId);
      if (existing?.transferReference) return existing.transferReference;
      return repository.ensureTransferReference(userId, newTransferReference());
    },

    /** A bank-transfer top-up: what to send where, with the VietQR payload. Credited by SePay. */
    async bankTopup(user: UserRow, body: TopupBody & { amount_cents: number }): Promise<BankTransfer> {
      const bank = config.sepay.bank;
      if (!bank || !config.sepay.apiKey) throw new ConflictError(BILLING_MESSAGES.bankUnavailable);
      const { couponId, bonusCents } = await topupCoupon(user, body.coupon, body.amount_cents);
      const reference = await this.transferReference(user.id);
      const topup = await repository.createTopup(repository.db, {
        userId: user.id,
        provider: 'sepay',
        providerRef: `intent:${reference}:${Date.now()}:${randomInt(1_000_000)}`,
        amountCents: body.amount_cents,
        couponId,
        bonusCents,
      });
      const amountVnd = vndOf(body.amount_cents);
      return {
        topup_id: topup.id,
        bank: { id: bank.bin, name: bank.name, bin: bank.bin, account: bank.account, account_name: bank.accountName },
        reference,
        amount_cents: body.amount_cents,
        bonus_cents: bonusCents,
        amount_vnd: amountVnd,
        usd_rate: config.usdRate,
        qr: vietQrPayload({ bin: bank.bin, account: bank.account, amountVnd, purpose: reference }),
      };
    },

    async coupon(user: UserRow, code: string, use: CouponUse | undefined) {
      const coupon = await usableCoupon(user, code, use);
      const { id: _id, times_used: _used, max_uses: _max, ...data } = presentCoupon(coupon, 0);
      return { data };
    },

    /**
     * SePay's webhook (POST api/sepay): the API key checked in constant time, the transfer stored
     * by SePay's id before anything else, then credited once to the account whose reference its
     * content carries. A transfer that names no account is kept, flagged, and answered 200.
     */
    async sepayWebhook(authorization: string | undefined, body: SepayWebhook): Promise<{ success: boolean }> {
      if (!sepayKeyMatches(authorization)) throw new UnauthenticatedError();
      const eventId = String(body.id);
      const stored = await repository.storeWebhook({
        provider: 'sepay',
        eventId,
        type: `transfer.${body.transferType}`,
        payload: body,
      });
      if (stored.status !== 'received') return { success: true };
      if (body.transferType !== 'in') {
        await repository.markWebhook(repository.db, stored.id, 'ignored', 'An outgoing transfer.');
        return { success: true };
      }
      let userId: number | null = null;
      for (const reference of referencesIn(body)) {
        userId = await repository.userByTransferReference(reference);
        if (userId !== null) break;
      }
      if (userId === null) {
        await repository.markWebhook(repository.db, stored.id, 'flagged', 'No account carries this transfer\'s reference.');
        return { success: true };
      }
      const amountVnd = Math.round(body.transferAmount);
      const cents = Math.round((body.transferAmount / config.usdRate) * 100);
      if (cents <= 0) {
        await repository.markWebhook(repository.db, stored.id, 'flagged', 'The amount is below one cent.');
        return { success: true };
      }
      const owner = userId;
      await repository.transaction(async (tx) => {
        await repository.lockAccount(tx, owner);
        if (!(await repository.ledgerKeyExists(tx, `sepay:${eventId}`))) {
          const since = new Date(Date.now() - PENDING_TRANSFER_DAYS * 86_400_000);
          const pending = (await repository.pendingBankTopups(tx, owner, since)).find(
            (topup) => vndOf(topup.amountCents) === amountVnd,
          );
          let topup: TopupRow;
          if (pending) {
            await repository.setTopupRef(tx, pending.id, eventId);
            topup = { ...pending, providerRef: eventId };
          } else {
            topup = await repository.topupOnce(tx, {
              userId: owner,
              provider: 'sepay',
              providerRef: eventId,
              amountCents: cents,
            });
          }
          await creditTopupWithin(repository, tx, topup, {
            provider: 'sepay',
            providerRef: eventId,
            description: `Bank transfer ${body.referenceCode ?? eventId}`,
          });
        }
        await repository.markWebhook(tx, stored.id, 'processed');
      });
      return { success: true };
    },

    // Administrators' coupons ------------------------------------------------------------------

    async adminCoupons(user: UserRow) {
      await deps.admin.authorize(user);
      const rows = await repository.coupons();
      return { data: rows.map((row) => presentCoupon(row, row.timesUsed)) };
    },

    async adminCreateCoupon(user: UserRow, body: z.output<typeof createCouponBodySchema> | CreateCouponBody) {
      await deps.admin.authorize(user);
      const value = body as z.output<typeof createCouponBodySchema>;
      const created = await repository.createCoupon({
        code: value.code.toUpperCase(),
        amountOffCents: value.amount_off,
        percentOff: value.percent_off,
        appliesTo: value.applies_to,
        expiresAt: value.expires_at ? new Date(value.expires_at) : null,
        maxUses: value.max_uses,
        firstTimeOnly: value.first_time_only,
      });
      if (!created) throw new ValidationError({ code: [BILLING_MESSAGES.couponExists] });
      return { data: presentCoupon(created, 0) };
    },

    async adminDeleteCoupon(user: UserRow, id: number) {
      await deps.admin.authorize(user);
      if (!(await repository.deleteCoupon(id))) throw new NotFoundError();
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
