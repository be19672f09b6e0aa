import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { FAKE_STRIPE_JS } from './stripe-fake-js.js';

/**
 * A local fake of Stripe for the tests (docs/billing.md): the PaymentIntent, SetupIntent, customer
 * and payment-method endpoints the panel calls through the `stripe` package (form-encoded bodies,
 * Stripe's JSON shapes and errors), a fake Stripe.js at /v3/ that the page loads from
 * STRIPE_JS_URL, and a 3-D Secure step the test approves. When a payment succeeds it sends the
 * panel a `payment_intent.succeeded` event signed with the shared webhook secret, exactly as
 * Stripe signs (`stripe.webhooks.generateTestHeaderString`).
 *
 * Test cards (Stripe's own test numbers): 4242 4242 4242 4242 pays; 4000 0027 6000 3184 asks for
 * 3-D Secure first; 4000 0000 0000 0002 is declined.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_hostdeckfake';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_hostdeckfake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_hostdeckfake';

export const TEST_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
} as const;

type Json = Record<string, unknown>;

export interface StripeFakeEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

export interface StripeFake {
  /** The API root for STRIPE_API_URL (also serves Stripe.js at /v3/). */
  url: string;
  jsUrl: string;
  paymentIntents: Map<string, Json>;
  setupIntents: Map<string, Json>;
  customers: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  /** Every event sent, signed as it was sent (tests replay them). */
  events: StripeFakeEvent[];
  /** Where events go: a URL (POSTed like Stripe does) or a function (unit tests inject them). */
  setWebhookTarget(target: string | ((event: StripeFakeEvent) => Promise<void>) | null): void;
  /** Confirms a PaymentIntent with a test card as Stripe.js would (unit tests). */
  confirm(intentId: string, card?: string): Promise<Json>;
  approveThreeDSecure(intentId: string): Promise<Json>;
  refund(intentId: string, amountCents?: number): Promise<Json>;
  /** Signs a payload as Stripe does (timestamp in seconds, default now). */
  sign(payload: string, timestamp?: number, secret?: string): string;
  /** Waits for the events being delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Stripe's form encoding, read back: `a[b][c]=v` into nested objects, `a[0]=x` into arrays. */
export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const now = () => Math.floor(Date.now() / 1000);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

function invalid(message: string, status = 400, extra: Json = {}): StripeError {
  return new StripeError(status, { type: 'invalid_request_error', message, ...extra });
}

export async function startStripeFake(options: { port?: number; host?: string } = {}): Promise<StripeFake> {
  const paymentIntents = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const events: StripeFakeEvent[] = [];
  const pending = new Set<Promise<void>>();
  let target: string | ((event: StripeFakeEvent) => Promise<void>) | null = null;
  const stripe = new Stripe(FAKE_STRIPE_SECRET_KEY);

  function sign(payload: string, timestamp = now(), secret = FAKE_STRIPE_WEBHOOK_SECRET): string {
    return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  function emit(type: string, object: Json): void {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const sent: StripeFakeEvent = { id: event.id, type, payload, signature: sign(payload) };
    events.push(sent);
    const destination = target;
    if (!destination) return;
    const delivery = (async () => {
      if (typeof destination === 'function') return destination(sent);
      await fetch(destination, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sent.signature },
        body: payload,
      }).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
    })().finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  function cardMethod(card: Json, customer: string | null): Json {
    const number = String(card.number ?? '').replace(/\D/g, '');
    if (number.length < 12) throw invalid('Your card number is incomplete.', 402, { code: 'incomplete_number', type: 'card_error' });
    const method: Json = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown',
        country: 'US',
        exp_month: Number(card.exp_month ?? 12),
        exp_year: Number(card.exp_year ?? 2034),
        fingerprint: createHash('sha256').update(number).digest('hex').slice(0, 16),
        funding: 'credit',
        last4: number.slice(-4),
        three_d_secure_usage: { supported: true },
      },
      created: now(),
      customer,
      livemode: false,
      metadata: {},
      __number: number,
    };
    paymentMethods.set(String(method.id), method);
    return method;
  }

  function publicMethod(method: Json): Json {
    const { __number: _number, ...rest } = method;
    return rest;
  }

  function succeed(intent: Json): Json {
    const charge: Json = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer,
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      refunded: false,
      status: 'succeeded',
      created: now(),
    };
    charges.set(String(charge.id), charge);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      next_action: null,
      last_payment_error: null,
    });
    emit('payment_intent.succeeded', { ...intent });
    return intent;
  }

  function confirmIntent(intent: Json, params: Json): Json {
    if (intent.status === 'succeeded') throw invalid('This PaymentIntent has already succeeded.', 400, { code: 'payment_intent_unexpected_state' });
    let method: Json | undefined;
    if (typeof params.payment_method === 'string') method = paymentMethods.get(params.payment_method);
    else if (params.payment_method_data && typeof params.payment_method_data === 'object') {
      method = cardMethod(((params.payment_method_data as Json).card ?? {}) as Json, null);
    } else if (typeof intent.payment_method === 'string') method = paymentMethods.get(intent.payment_method);
    if (!method) throw invalid('You must provide a payment method.', 400, { code: 'payment_intent_unexpected_state' });
    intent.payment_method = method.id;
    const number = String(method.__number);
    if (number === TEST_CARDS.declined) {
      const error = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', type: 'card_error' };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      throw new StripeError(402, { ...error, payment_intent: { ...intent } });
    }
    if (number === TEST_CARDS.threeDSecure && !intent.__authenticated) {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${url}/fake/3ds/${String(intent.id)}` } },
      });
      return intent;
    }
    return succeed(intent);
  }

  function publicIntent(intent: Json): Json {
    const { __authenticated: _auth, ...rest } = intent;
    return rest;
  }

  function clientAllowed(params: Json, object: Json): void {
    if (params.key !== FAKE_STRIPE_PUBLISHABLE_KEY) throw invalid('Invalid API Key provided.', 401);
    if (params.client_secret !== object.client_secret) throw invalid('The client_secret provided does not match.', 400);
  }

  async function handle(method: string, path: string, params: Json, authorization: string | undefined): Promise<[number, Json | string]> {
    if (method === 'GET' && (path === '/v3' || path === '/v3/')) return [200, FAKE_STRIPE_JS.replace('__STRIPE_FAKE_ORIGIN__', url)];
    const secret = authorization === `Bearer ${FAKE_STRIPE_SECRET_KEY}`;
    let match: RegExpMatchArray | null;

    // The browser's calls (Stripe.js): the publishable key and the object's client secret.
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/)) && method === 'POST' && !secret) {
      const intent = paymentIntents.get(match[1]!);
      if (!intent) throw invalid('No such payment_intent', 404, { code: 'resource_missing' });
      clientAllowed(params, intent);
      return [200, publicIntent(confirmIntent(intent, params))];
    }
    if ((match = path.match(/^\/fake\/3ds\/([^/]+)\/(approve|fail)$/)) && method === 'POST') {
      const intent = paymentIntents.get(match[1]!);
      if (!intent) throw invalid('No such payment_intent', 404);
      clientAllowed(params, intent);
      if (intent.status !== 'requires_action') throw invalid('No authentication is waiting.');
      if (match[2] === 'fail') {
        const error = { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.', type: 'card_error' };
        Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
        return [200, publicIntent(intent)];
      }
      intent.__authenticated = true;
      return [200, publicIntent(succeed(intent))];
    }
    if ((match = path.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/)) && method === 'POST' && !secret) {
      const intent = setupIntents.get(match[1]!);
      if (!intent) throw invalid('No such setup_intent', 404, { code: 'resource_missing' });
      clientAllowed(params, intent);
      const card = cardMethod(((params.payment_method_data as Json | undefined)?.card ?? {}) as Json, String(intent.customer));
      if (card.__number === TEST_CARDS.declined) throw new StripeError(402, { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' });
      Object.assign(intent, { status: 'succeeded', payment_method: card.id });
      return [200, intent];
    }

    if (!secret) throw invalid('Invalid API Key provided.', 401);
    if (path === '/v1/customers' && method === 'POST') {
      const customer = { id: id('cus'), object: 'customer', created: now(), email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, invoice_settings: { default_payment_method: null }, livemode: false };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if ((match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]!);
      if (!customer) throw invalid(`No such customer: '${match[1]}'`, 404, { code: 'resource_missing' });
      if (method === 'POST' && params.invoice_settings) {
        customer.invoice_settings = { ...(customer.invoice_settings as Json), ...(params.invoice_settings as Json) };
      }
      return [200, customer];
    }
    if (path === '/v1/payment_intents' && method === 'POST') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least $0.50 usd', 400, { param: 'amount' });
      if (params.customer && !customers.has(String(params.customer))) throw invalid(`No such customer: '${String(params.customer)}'`, 400);
      const intentId = id('pi');
      const intent: Json = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(params.currency ?? 'usd'),
        customer: params.customer ?? null,
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        created: now(),
        livemode: false,
        metadata: params.metadata ?? {},
        payment_method: params.payment_method ?? null,
        payment_method_types: ['card'],
        status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        next_action: null,
        last_payment_error: null,
        latest_charge: null,
      };
      paymentIntents.set(intentId, intent);
      return [200, publicIntent(intent)];
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET') {
      const intent = paymentIntents.get(match[1]!);
      if (!intent) throw invalid('No such payment_intent', 404, { code: 'resource_missing' });
      return [200, publicIntent(intent)];
    }
    if (path === '/v1/setup_intents' && method === 'POST') {
      const intentId = id('seti');
      const intent = {
        id: intentId,
        object: 'setup_intent',
        customer: params.customer ?? null,
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        created: now(),
        livemode: false,
        payment_method: null,
        payment_method_types: ['card'],
        status: 'requires_payment_method',
        usage: params.usage ?? 'off_session',
      };
      setupIntents.set(intentId, intent);
      return [200, intent];
    }
    if ((match = path.match(/^\/v1\/payment_methods\/([^/]+)(\/detach)?$/))) {
      const found = paymentMethods.get(match[1]!);
      if (!found) throw invalid(`No such PaymentMethod: '${match[1]}'`, 404, { code: 'resource_missing' });
      if (match[2] && method === 'POST') found.customer = null;
      return [200, publicMethod(found)];
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, 404);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, authorization',
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      const parsed = new URL(request.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = { ...Object.fromEntries(parsed.searchParams), ...parseStripeForm(raw) };
      handle(request.method ?? 'GET', parsed.pathname, params, request.headers.authorization).then(
        ([status, body]) => {
          if (typeof body === 'string') {
            response.writeHead(status, { ...cors, 'content-type': 'application/javascript; charset=utf-8' }).end(body);
          } else {
            response.writeHead(status, { ...cors, 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
          }
        },
        (error: unknown) => {
          const failure = error instanceof StripeError ? error : invalid(String(error), 500);
          response
            .writeHead(failure.status, { ...cors, 'content-type': 'application/json', 'request-id': id('req') })
            .end(JSON.stringify({ error: failure.body }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  async function settled() {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  return {
    url,
    jsUrl: `${url}/v3/`,
    paymentIntents,
    setupIntents,
    customers,
    paymentMethods,
    events,
    setWebhookTarget(next) {
      target = next;
    },
    async confirm(intentId, card = TEST_CARDS.success) {
      const intent = paymentIntents.get(intentId);
      if (!intent) throw new Error(`no payment intent ${intentId}`);
      const result = confirmIntent(intent, { payment_method_data: { card: { number: card, exp_month: '12', exp_year: '2034' } } });
      await settled();
      return publicIntent(result);
    },
    async approveThreeDSecure(intentId) {
      const intent = paymentIntents.get(intentId)!;
      intent.__authenticated = true;
      const result = succeed(intent);
      await settled();
      return publicIntent(result);
    },
    async refund(intentId, amountCents) {
      const intent = paymentIntents.get(intentId)!;
      const charge = charges.get(String(intent.latest_charge))!;
      const refunded = Math.min(Number(charge.amount), Number(charge.amount_refunded) + (amountCents ?? Number(charge.amount)));
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= Number(charge.amount) });
      emit('charge.refunded', { ...charge });
      await settled();
      return charge;
    },
    sign,
    settled,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
