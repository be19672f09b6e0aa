import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { BILLING_MESSAGES, type ClientSecretBody, type PaymentMethod } from '@hostdeck/contracts/billing';
import type { UserRow } from '../auth/sessions.repository.js';
import { BadRequestError, ConflictError, NotFoundError } from '../domain/errors.js';
import type { BillingRepository, PaymentMethodRow } from './billing.repository.js';
import type { BillingService } from './billing.service.js';
import { creditTopupWithin } from './credit.js';
import { postWithin } from './ledger.js';
import type { StripeGateway } from './stripe-gateway.js';

/**
 * Card top-ups and saved cards through Stripe (issue 24 point 2, docs/billing.md). The browser
 * confirms the PaymentIntent with Stripe.js; the balance moves only when Stripe's signed
 * `payment_intent.succeeded` arrives at POST api/stripe/webhook.
 */
export function createCardsService(deps: {
  repository: BillingRepository;
  gateway: StripeGateway | null;
  billing: Pick<BillingService, 'topupCoupon'>;
}) {
  const { repository } = deps;

  function gateway(): StripeGateway {
    if (!deps.gateway) throw new ConflictError(BILLING_MESSAGES.cardsUnavailable);
    return deps.gateway;
  }

  async function customerOf(user: UserRow): Promise<string> {
    const account = await repository.account(user.id);
    if (account?.stripeCustomerId) return account.stripeCustomerId;
    const customer = await gateway().createCustomer({ email: user.email, name: user.name, userId: user.id });
    await repository.setStripeCustomer(user.id, customer);
    return customer;
  }

  async function savedCard(user: UserRow, id: string): Promise<PaymentMethodRow> {
    const row = await repository.paymentMethod(user.id, id);
    if (!row) throw new NotFoundError(BILLING_MESSAGES.paymentMethodUnknown);
    return row;
  }

  function present(row: PaymentMethodRow): PaymentMethod {
    return {
      id: row.stripePaymentMethodId,
      brand: row.brand,
      last4: row.last4,
      exp_month: row.expMonth,
      exp_year: row.expYear,
      is_default: row.isDefault,
      created_at: row.createdAt.toISOString(),
    };
  }

  async function creditIntent(stored: { id: number }, intent: Stripe.PaymentIntent) {
    const topup = await repository.topupByRef(repository.db, 'stripe', intent.id);
    if (!topup) {
      await repository.markWebhook(repository.db, stored.id, 'flagged', 'No top-up has this payment intent.');
      return;
    }
    const paid = intent.amount_received || intent.amount;
    if (paid !== topup.amountCents || intent.currency !== 'usd') {
      await repository.markWebhook(
        repository.db,
        stored.id,
        'flagged',
        `The amount paid (${paid} ${intent.currency}) differs from the top-up's.`,
      );
      return;
    }
    const planId = intent.metadata?.plan_id;
    const serverId = Number(intent.metadata?.server_id);
    const purpose =
      planId && Number.isSafeInteger(serverId) && serverId > 0
        ? { plan_id: planId, server_id: serverId }
        : null;
    await repository.transaction(async (tx) => {
      await repository.lockAccount(tx, topup.userId);
      const current = (await repository.topup(tx, topup.id))!;
      await creditTopupWithin(repository, tx, current, {
        provider: 'stripe',
        providerRef: intent.id,
        purpose,
        description: 'Card top-up',
      });
      await repository.markWebhook(tx, stored.id, 'processed');
    });
  }

  async function refundCharge(stored: { id: number }, charge: Stripe.Charge) {
    const intentId =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    const topup = intentId ? await repository.topupByRef(repository.db, 'stripe', intentId) : undefined;
    if (!topup) {
      await repository.markWebhook(repository.db, stored.id, 'flagged', 'No top-up has this charge.');
      return;
    }
    const reference = `topup:${topup.id}`;
    await repository.transaction(async (tx) => {
      await repository.lockAccount(tx, topup.userId);
      const refunded = Math.min(charge.amount_refunded, topup.amountCents);
      const before = await repository.refundedCents(tx, reference);
      if (refunded > before) {
        await postWithin(tx, {
          userId: topup.userId,
          amountCents: -(refunded - before),
          type: 'refund',
          reference,
          // The charge's refunded total: a replay, or another event at the same total, posts nothing.
          idempotencyKey: `stripe:refund:${charge.id}:${refunded}`,
          description: 'Card top-up refunded',
          metadata: { provider: 'stripe', topup_id: topup.id, charge_id: charge.id },
          allowNegative: true,
        });
        // The coupon bonus came with the money: it goes back in the same share as the refund.
        const bonusBack = Math.floor((topup.bonusCents * refunded) / topup.amountCents);
        const bonusBefore = await repository.bonusTakenBackCents(tx, reference);
        if (bonusBack > bonusBefore) {
          await postWithin(tx, {
            userId: topup.userId,
            amountCents: -(bonusBack - bonusBefore),
            type: 'coupon',
            reference,
            idempotencyKey: `stripe:refund-bonus:${charge.id}:${refunded}`,
            description: 'Coupon bonus taken back with the refund',
            metadata: { provider: 'stripe', topup_id: topup.id, charge_id: charge.id },
            allowNegative: true,
          });
        }
        if (refunded >= topup.amountCents) await repository.settleTopup(tx, topup.id, 'refunded');
      }
      await repository.markWebhook(tx, stored.id, 'processed');
    });
  }

  return {
    /** A PaymentIntent for a card top-up: the browser confirms it with Stripe.js. */
    async clientSecret(user: UserRow, body: ClientSecretBody & { amount_cents: number }) {
      const stripe = gateway();
      const { couponId, bonusCents } = await deps.billing.topupCoupon(user, body.coupon, body.amount_cents);
      if (body.payment_method) await savedCard(user, body.payment_method);
      const customer = await customerOf(user);
      const metadata: Record<string, string> = { user_id: String(user.id) };
      if (body.coupon) metadata.coupon = body.coupon.toUpperCase();
      if (body.purpose) {
        metadata.plan_id = body.purpose.plan_id;
        metadata.server_id = String(body.purpose.server_id);
      }
      const intent = await stripe.createPaymentIntent({
        amountCents: body.amount_cents,
        customer,
        metadata,
        ...(body.payment_method ? { paymentMethod: body.payment_method } : {}),
        idempotencyKey: `topup:${user.id}:${randomUUID()}`,
      });
      const topup = await repository.createTopup(repository.db, {
        userId: user.id,
        provider: 'stripe',
        providerRef: intent.id,
        amountCents: body.amount_cents,
        couponId,
        bonusCents,
      });
      return {
        data: {
          client_secret: intent.clientSecret,
          publishable_key: stripe.publishableKey,
          js_url: stripe.jsUrl,
          topup_id: topup.id,
          amount_cents: body.amount_cents,
          bonus_cents: bonusCents,
        },
      };
    },

    /**
     * Stripe's webhook: the signature over the raw body checked (300 s window) before anything,
     * the event stored by its id, then processed once. An event naming no top-up is kept, flagged.
     */
    async webhook(rawBody: Buffer | string, signature: string | undefined) {
      const stripe = gateway();
      let event: Stripe.Event;
      try {
        event = stripe.constructEvent(rawBody, signature);
      } catch {
        throw new BadRequestError(BILLING_MESSAGES.webhookSignature);
      }
      const stored = await repository.storeWebhook({
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        payload: event,
      });
      if (stored.status !== 'received') return { received: true };
      if (event.type === 'payment_intent.succeeded') await creditIntent(stored, event.data.object);
      else if (event.type === 'charge.refunded') await refundCharge(stored, event.data.object);
      else await repository.markWebhook(repository.db, stored.id, 'ignored', 'Not an event billing acts on.');
      return { received: true };
    },

    async paymentMethods(user: UserRow) {
      return { data: (await repository.paymentMethods(user.id)).map(present) };
    },

    async setupIntent(user: UserRow) {
      const stripe = gateway();
      const intent = await stripe.createSetupIntent(await customerOf(user));
      return {
        data: {
          client_secret: intent.clientSecret,
          publishable_key: stripe.publishableKey,
          js_url: stripe.jsUrl,
        },
      };
    },

    /** Saves a card the browser confirmed with a SetupIntent (it is attached to the account's customer). */
    async addPaymentMethod(user: UserRow, id: string) {
      const stripe = gateway();
      const customer = await customerOf(user);
      const card = await stripe.retrievePaymentMethod(id).catch(() => null);
      if (!card || card.customer !== customer) throw new NotFoundError(BILLING_MESSAGES.paymentMethodUnknown);
      const first = (await repository.paymentMethods(user.id)).length === 0;
      const row = await repository.savePaymentMethod({
        userId: user.id,
        stripePaymentMethodId: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        fingerprint: card.fingerprint,
        isDefault: false,
      });
      if (row.userId !== user.id) throw new NotFoundError(BILLING_MESSAGES.paymentMethodUnknown);
      if (first) {
        await stripe.setDefaultPaymentMethod(customer, card.id);
        await repository.setDefaultPaymentMethod(user.id, card.id);
        return { data: present((await repository.paymentMethod(user.id, card.id))!) };
      }
      return { data: present(row) };
    },

    async deletePaymentMethod(user: UserRow, id: string) {
      const card = await savedCard(user, id);
      await gateway().detachPaymentMethod(card.stripePaymentMethodId);
      await repository.deletePaymentMethod(user.id, id);
    },

    async defaultPaymentMethod(user: UserRow, id: string) {
      await savedCard(user, id);
      await gateway().setDefaultPaymentMethod(await customerOf(user), id);
      await repository.setDefaultPaymentMethod(user.id, id);
      return { data: present((await repository.paymentMethod(user.id, id))!) };
    },
  };
}
export type CardsService = ReturnType<typeof createCardsService>;
