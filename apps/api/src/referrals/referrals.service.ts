import type { PageQuery } from '@hostdeck/contracts';
import {
  REFERRAL_CODE_PATTERN,
  REFERRAL_CODES_MAX,
  REFERRAL_MESSAGES,
  COMMISSION_HOLDING_DAYS,
  normaliseReferralCode,
  type Commission,
  type CommissionList,
  type ReferralCode,
} from '@hostdeck/contracts/referrals';
import { isUniqueViolation } from '../accounts/users.repository.js';
import { postWithin } from '../billing/ledger.js';
import type { Database } from '../database/database.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import type { Caller } from '../policy/server-policy.js';
import { commissionPercent } from './commission-hook.js';
import {
  referralsRepository as repository,
  type CommissionRow,
  type CommissionView,
  type ReferralCodeRow,
} from './referrals.repository.js';

function presentCode(row: ReferralCodeRow): ReferralCode {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    signups: Number(row.signups),
    created_at: row.createdAt.toISOString(),
  };
}

/** A pending commission past its holding period is available: computed on read, never stored. */
function statusAt(row: CommissionRow, now: Date): Commission['status'] {
  if (row.status === 'pending' && row.availableAt.getTime() <= now.getTime()) return 'available';
  return row.status as Commission['status'];
}

function presentCommission(row: CommissionView, now: Date): Commission {
  return {
    id: row.id,
    referred_name: row.referredName ?? '',
    code: row.code,
    source_amount: row.sourceAmountCents,
    percent: row.percent,
    amount: row.amountCents,
    status: statusAt(row, now),
    available_at: row.availableAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A user's referral codes (at most 20, unique over the panel, upper case) and the commissions they
 * earned. Another user's code or commission answers 404. `now` is the clock the holding period is
 * read against (tests pass their own).
 */
export function createReferralsService(deps: { db: Database; maxCommission: number; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownedCode(caller: Caller, rawCode: string): Promise<ReferralCodeRow> {
    const code = normaliseReferralCode(rawCode);
    const row = REFERRAL_CODE_PATTERN.test(code) ? await repository.findOwnedCode(db, caller.id, code) : null;
    if (!row) throw new NotFoundError();
    return row;
  }

  return {
    async listCodes(caller: Caller): Promise<ReferralCode[]> {
      return (await repository.listCodes(db, caller.id)).map(presentCode);
    },

    async createCode(caller: Caller, body: { code: string; name: string }): Promise<ReferralCode> {
      if ((await repository.countCodes(db, caller.id)) >= REFERRAL_CODES_MAX)
        throw new ValidationError({ code: [REFERRAL_MESSAGES.tooMany] });
      try {
        return presentCode(
          await repository.insertCode(db, { userId: caller.id, code: body.code, name: body.name }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ code: [REFERRAL_MESSAGES.taken] });
        throw error;
      }
    },

    async renameCode(caller: Caller, rawCode: string, name: string): Promise<ReferralCode> {
      const row = await ownedCode(caller, rawCode);
      await repository.renameCode(db, row.id, name);
      return presentCode({ ...row, name });
    },

    /** Its sign-ups are attributed to no code from then on: they earn no further commission. */
    async deleteCode(caller: Caller, rawCode: string): Promise<void> {
      const row = await ownedCode(caller, rawCode);
      await repository.deleteCode(db, row.id);
    },

    async commissions(caller: Caller, query: PageQuery, path: string): Promise<CommissionList> {
      const at = now();
      const [rows, total, totals] = await Promise.all([
        repository.pageOfCommissions(
          db,
          caller.id,
          query.itemsPerPage,
          (query.page - 1) * query.itemsPerPage,
        ),
        repository.countCommissions(db, caller.id),
        repository.totals(db, caller.id, at),
      ]);
      return {
        ...paginate({
          data: rows.map((row) => presentCommission(row, at)),
          total,
          page: query.page,
          perPage: query.itemsPerPage,
          path,
        }),
        summary: {
          ...totals,
          percent: commissionPercent(deps.maxCommission),
          holding_days: COMMISSION_HOLDING_DAYS,
        },
      };
    },

    /**
     * Credits an available commission to the caller's balance: one `commission` ledger row keyed
     * by the commission, so a second call moves nothing and answers the same.
     */
    async creditCommission(caller: Caller, id: number): Promise<Commission> {
      await db.transaction(async (tx) => {
        const row = await repository.lockOwnedCommission(tx, id, caller.id);
        if (!row) throw new NotFoundError();
        if (row.status === 'paid') return;
        if (statusAt(row, now()) !== 'available') throw new ConflictError(REFERRAL_MESSAGES.notAvailable);
        await postWithin(tx, {
          userId: caller.id,
          amountCents: row.amountCents,
          type: 'commission',
          reference: `commission:${row.id}`,
          idempotencyKey: `commission:${row.id}`,
          description: `Referral commission on ${row.sourceReference}`,
          metadata: { commission_id: row.id },
        });
        await repository.setCommissionStatus(tx, row.id, 'paid');
      });
      return presentCommission((await repository.commission(db, id))!, now());
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
