import { findPlan, PLAN_CYCLE_DAYS, PLAN_GRACE_DAYS } from '@hostdeck/contracts/plans';
import type { FastifyInstance } from 'fastify';
import { toLocale } from '../../accounts/user-presenter.js';
import type { Database } from '../../database/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { balanceOf, InsufficientBalanceError, postWithin, type LedgerTx } from '../ledger.js';
import { renderDunningMail, type DunningMailKind } from './dunning-mail.js';
import {
  findServerName,
  findUserContact,
  insertInvoice,
  listDueSubscriptions,
  lockSubscription,
  setServerVip,
  syncAccountSubscription,
  updateSubscription,
  type ServerSubscriptionRow,
} from './subscriptions.repository.js';
import { DAY_MS, usd } from './subscriptions.service.js';

/** The second reminder goes out this long before the grace period ends. */
export const GRACE_REMINDER_BEFORE_MS = 2 * DAY_MS;
/** How often the job looks for due subscriptions; the first look comes soon after start. */
export const RENEWAL_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const RENEWAL_FIRST_CHECK_MS = 60 * 1000;

export type RenewalOutcome = 'renewed' | 'past_due' | 'reminded' | 'ended' | 'waiting';

interface PendingMail {
  kind: DunningMailKind;
  subscription: ServerSubscriptionRow;
  balanceCents: number;
}

/**
 * The 30-day cycles (issue 24 point 3). For each monthly subscription whose period has ended:
 * - canceled at period end: it ends, the server returns to free;
 * - otherwise the next cycle is charged from the balance (one ledger key per subscription and
 *   period, so a retried or doubled run charges once) with an invoice;
 * - a short balance makes it past_due with a 7-day grace period (still VIP) and a reminder mail;
 *   a second reminder goes out two days before the grace ends, and then it ends: the server
 *   returns to free, with its data untouched.
 * A past-due subscription renews as soon as the balance covers it, from its old period end.
 */
export function createRenewal(deps: {
  db: Database;
  mailer: Mailer;
  brand: string;
  appUrl: string;
  log: (message: string, details: Record<string, unknown>) => void;
}) {
  const { db } = deps;

  async function renewOne(
    id: number,
    now: Date,
  ): Promise<{ outcome: RenewalOutcome; mail: PendingMail | null }> {
    return db.transaction(async (tx) => {
      const row = await lockSubscription(tx, id);
      if (!row || row.currentPeriodEnd === null || row.currentPeriodEnd > now || row.status === 'ended') {
        return { outcome: 'waiting' as const, mail: null };
      }
      if (row.cancelAtPeriodEnd) {
        await endSubscription(tx, row, now);
        return { outcome: 'ended' as const, mail: null };
      }
      const charged = await chargeCycle(tx, row, now);
      if (charged) return { outcome: 'renewed' as const, mail: null };

      const balanceCents = await balanceOf(tx, row.userId);
      if (row.status === 'active') {
        const updated = await updateSubscription(tx, row.id, {
          status: 'past_due',
          graceUntil: new Date(row.currentPeriodEnd.getTime() + PLAN_GRACE_DAYS * DAY_MS),
          remindersSent: 1,
        });
        return {
          outcome: 'past_due' as const,
          mail: { kind: 'firstFailure' as const, subscription: updated, balanceCents },
        };
      }
      const graceUntil = row.graceUntil ?? row.currentPeriodEnd;
      if (graceUntil <= now) {
        await endSubscription(tx, row, now);
        return {
          outcome: 'ended' as const,
          mail: { kind: 'ended' as const, subscription: row, balanceCents },
        };
      }
      if (row.remindersSent < 2 && graceUntil.getTime() - now.getTime() <= GRACE_REMINDER_BEFORE_MS) {
        await updateSubscription(tx, row.id, { remindersSent: 2 });
        return {
          outcome: 'reminded' as const,
          mail: { kind: 'graceEnding' as const, subscription: row, balanceCents },
        };
      }
      return { outcome: 'waiting' as const, mail: null };
    });
  }

  /** Charges the cycle after `currentPeriodEnd`; false when the balance is short. */
  async function chargeCycle(tx: LedgerTx, row: ServerSubscriptionRow, now: Date): Promise<boolean> {
    const periodStart = row.currentPeriodEnd!;
    const periodEnd = new Date(periodStart.getTime() + PLAN_CYCLE_DAYS * DAY_MS);
    const plan = findPlan(row.planId);
    const serverName = await findServerName(tx, row.serverId);
    const description = `${plan?.name ?? row.planId}: ${serverName ?? '-'} (${periodStart.toISOString().slice(0, 10)} – ${periodEnd.toISOString().slice(0, 10)})`;
    try {
      // A savepoint: a short balance rolls back the invoice without aborting the job's transaction.
      await tx.transaction(async (savepoint) => {
        const contact = await findUserContact(savepoint, row.userId);
        const invoice = await insertInvoice(savepoint, {
          userId: row.userId,
          subscriptionId: row.id,
          amountCents: row.priceCents,
          paidWith: 'balance',
          lines: [{ description, amount_cents: row.priceCents }],
          locale: contact?.locale ?? 'en',
          createdAt: now,
        });
        await postWithin(savepoint, {
          userId: row.userId,
          amountCents: -row.priceCents,
          type: 'charge',
          reference: `invoice:${invoice.number}`,
          idempotencyKey: `subscription:${row.id}:period:${periodStart.toISOString()}`,
          description,
          metadata: {
            invoice_id: invoice.id,
            subscription_id: row.id,
            plan_id: row.planId,
            server_id: row.serverId,
          },
        });
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) return false;
      throw error;
    }
    await updateSubscription(tx, row.id, {
      status: 'active',
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      graceUntil: null,
      remindersSent: 0,
    });
    return true;
  }

  async function endSubscription(tx: LedgerTx, row: ServerSubscriptionRow, now: Date) {
    await updateSubscription(tx, row.id, { status: 'ended', endedAt: now });
    // Only the flag changes: the server, its sites and data are never touched for non-payment.
    await setServerVip(tx, row.serverId, false);
    await syncAccountSubscription(tx, row.userId, now);
  }

  async function sendMail(mail: PendingMail) {
    const contact = await findUserContact(db, mail.subscription.userId);
    if (!contact) return;
    const serverName = await findServerName(db, mail.subscription.serverId);
    const locale = toLocale(contact.locale);
    const graceUntil = mail.subscription.graceUntil ?? mail.subscription.currentPeriodEnd ?? new Date();
    const rendered = renderDunningMail({
      kind: mail.kind,
      locale,
      brand: deps.brand,
      name: contact.name,
      server: serverName ?? '-',
      price: usd(mail.subscription.priceCents),
      balance: usd(mail.balanceCents),
      date: new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(graceUntil),
      url: `${deps.appUrl}/user/billing`,
    });
    await deps.mailer.send({ to: contact.email, ...rendered });
  }

  return {
    /** One pass over the due subscriptions at `now`; answers what happened to each. */
    async renewDue(now: Date): Promise<Map<number, RenewalOutcome>> {
      const outcomes = new Map<number, RenewalOutcome>();
      for (const { id } of await listDueSubscriptions(db, now)) {
        try {
          const { outcome, mail } = await renewOne(id, now);
          outcomes.set(id, outcome);
          if (mail) {
            // After the commit: a mail that fails to send never undoes the change it announces.
            await sendMail(mail).catch((error: unknown) =>
              deps.log('sending a billing reminder failed', { err: error, subscriptionId: id }),
            );
          }
        } catch (error) {
          deps.log('renewing a subscription failed', { err: error, subscriptionId: id });
        }
      }
      return outcomes;
    },
  };
}
export type Renewal = ReturnType<typeof createRenewal>;

/** The periodic check, as certificate renewal runs its own (timers set on ready, cleared on close). */
export function startRenewalSchedule(app: FastifyInstance, renewDue: (now: Date) => Promise<unknown>) {
  const timers: NodeJS.Timeout[] = [];
  const check = () => {
    renewDue(new Date()).catch((error: unknown) =>
      app.log.error({ err: error }, 'subscription renewal check failed'),
    );
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(check, RENEWAL_FIRST_CHECK_MS).unref());
    timers.push(setInterval(check, RENEWAL_CHECK_INTERVAL_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
