import { z } from 'zod';
import type { LedgerEntry, LedgerTx } from '../ledger.js';
import { purchaseWithin, type PlanSettings } from './subscriptions.service.js';

/** What the money area copies from a card payment's metadata into its topup entry (common rule). */
const purposeSchema = z.object({
  plan_id: z.string().min(1),
  server_id: z.coerce.number().int().positive(),
});

/**
 * The ledger hook of a card purchase (ledger.ts `onLedgerPosting`): a new `topup` entry whose
 * metadata carries `purpose {plan_id, server_id}` buys that plan from the balance it just credited,
 * in the same transaction. Inside a savepoint: when the purchase is no longer valid (the server is
 * VIP already, gone, or someone else's; the price rose), it rolls back alone and the money simply
 * stays as balance. Answers what happened, for the log.
 */
export async function buyPlanOfTopup(
  tx: LedgerTx,
  entry: LedgerEntry,
  settings: PlanSettings,
  now: Date,
): Promise<'bought' | 'kept' | 'ignored'> {
  if (entry.type !== 'topup' || entry.amountCents <= 0) return 'ignored';
  const purpose = purposeSchema.safeParse((entry.metadata as { purpose?: unknown } | null)?.purpose);
  if (!purpose.success) return 'ignored';
  try {
    await tx.transaction((savepoint) =>
      purchaseWithin(
        savepoint,
        {
          userId: entry.userId,
          planId: purpose.data.plan_id,
          serverId: purpose.data.server_id,
          paidWith: 'card',
        },
        settings,
        now,
      ),
    );
    return 'bought';
  } catch {
    return 'kept';
  }
}
