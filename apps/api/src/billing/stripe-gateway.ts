import Stripe from 'stripe';
import type { Config } from '../config/config.js';

/**
 * The Stripe adapter (docs/billing.md): the calls the panel makes, with the `stripe` package pointed
 * at STRIPE_API_URL (Stripe, or the local fake the tests start). Card numbers never reach the
 * panel: the browser gives them to Stripe.js, which confirms the PaymentIntent or SetupIntent
 * (3-D Secure included) with Stripe directly.
 */

/** Stripe's default signature tolerance: an event signed more than 5 minutes ago is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CardDetails {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string | null;
}

export interface StripeGateway {
  publishableKey: string;
  createCustomer(input: { email: string; name: string; userId: number }): Promise<string>;
  createPaymentIntent(input: {
    amountCents: number;
    customer: string;
    metadata: Record<string, string>;
    paymentMethod?: string;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  createSetupIntent(customer: string): Promise<{ id: string; clientSecret: string }>;
  retrievePaymentMethod(id: string): Promise<CardDetails>;
  detachPaymentMethod(id: string): Promise<void>;
  setDefaultPaymentMethod(customer: string, paymentMethod: string): Promise<void>;
  /** Verifies Stripe-Signature over the raw body (throws when forged or too old). */
  constructEvent(rawBody: Buffer | string, signature: string | undefined): Stripe.Event;
}

function cardOf(method: Stripe.PaymentMethod): CardDetails {
  const customer = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
  return {
    id: method.id,
    customer,
    brand: method.card?.brand ?? 'card',
    last4: method.card?.last4 ?? '????',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    fingerprint: method.card?.fingerprint ?? null,
  };
}

/** The gateway, or null when the panel has no Stripe keys (cards are then unavailable). */
export function createStripeGateway(config: Config['stripe']): StripeGateway | null {
  if (!config.secretKey || !config.publishableKey || !config.webhookSecret) return null;
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const webhookSecret = config.webhookSecret;
  return {
    publishableKey: config.publishableKey,

    async createCustomer({ email, name, userId }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { user_id: String(userId) } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    },

    async createPaymentIntent({ amountCents, customer, metadata, paymentMethod, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          customer,
          metadata,
          allowed_payment_method_types: ['card'],
          // Stripe asks for 3-D Secure whenever the bank or the rules want it; Stripe.js runs it.
          payment_method_options: { card: { request_three_d_secure: 'automatic' } },
          ...(paymentMethod ? { payment_method: paymentMethod } : {}),
        },
        { idempotencyKey },
      );
      return { id: intent.id, clientSecret: intent.client_secret! };
    },

    async createSetupIntent(customer) {
      const intent = await stripe.setupIntents.create({
        customer,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
      });
      return { id: intent.id, clientSecret: intent.client_secret! };
    },

    async retrievePaymentMethod(id) {
      return cardOf(await stripe.paymentMethods.retrieve(id));
    },

    async detachPaymentMethod(id) {
      await stripe.paymentMethods.detach(id);
    },

    async setDefaultPaymentMethod(customer, paymentMethod) {
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethod } });
    },

    constructEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    },
  };
}
