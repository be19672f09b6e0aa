import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@hostdeck/contracts/billing';
import {
  couponRedemptions,
  ledgerEntries,
  paymentMethods,
  paymentWebhooks,
  topups,
} from '../database/schema.js';
import { signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { and, eq } from '../testing/sql.js';
import { onLedgerPosting } from './ledger.js';
import { useBillingApp } from './testing/billing-fixtures.js';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startStripeFake,
  TEST_CARDS,
  type StripeFake,
} from './testing/stripe-fake.js';

const databases = await availableTestDatabases();

describe.each(databases.map((database) => [database.name, database] as const))(
  'Stripe card top-ups on %s',
  (_kind, database) => {
    let fake: StripeFake;
    beforeAll(async () => {
      fake = await startStripeFake();
    });
    afterAll(async () => fake?.close());
    const { testApp, db, admin } = useBillingApp(database, () => ({
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      STRIPE_JS_URL: fake.jsUrl,
    }));

    function deliver(payload: string, signature: string) {
      return testApp().app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      });
    }

    /** Starts a card top-up; the fake holds the events until the test delivers them. */
    async function cardTopup(user: SignedInUser, amountCents: number, extra: object = {}) {
      fake.setWebhookTarget(null);
      const answer = await user.api.post('/api/user/client-secret', { amount_cents: amountCents, ...extra });
      expect(answer.statusCode, answer.body).toBe(201);
      const data = answer.json().data as {
        client_secret: string;
        topup_id: number;
        publishable_key: string;
        bonus_cents: number;
      };
      return { ...data, intentId: data.client_secret.split('_secret_')[0]! };
    }

    async function balanceOf(user: SignedInUser) {
      return (await user.api.get('/api/user/balance')).json().balance_int as number;
    }

    it('creates a PaymentIntent at the fake (customer, metadata, 3-D Secure automatic) and credits nothing yet', async () => {
      const user = await signIn(testApp());
      const topup = await cardTopup(user, 1000, { purpose: { plan_id: 'vip-monthly', server_id: 7 } });
      expect(topup.publishable_key).toBe(FAKE_STRIPE_PUBLISHABLE_KEY);
      const intent = fake.paymentIntents.get(topup.intentId)!;
      expect(intent).toMatchObject({
        amount: 1000,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: { user_id: String(user.user.id), plan_id: 'vip-monthly', server_id: '7' },
      });
      expect(fake.customers.get(String(intent.customer))).toMatchObject({ email: user.user.email });
      expect(await balanceOf(user)).toBe(0);
      const [row] = await db().select().from(topups).where(eq(topups.id, topup.topup_id));
      expect(row).toMatchObject({ provider: 'stripe', providerRef: topup.intentId, status: 'pending' });
    });

    it('credits $10 once when payment_intent.succeeded is replayed three times and delivered concurrently', async () => {
      const user = await signIn(testApp());
      const topup = await cardTopup(user, 1000, { purpose: { plan_id: 'vip-monthly', server_id: 3 } });
      await fake.confirm(topup.intentId, TEST_CARDS.success);
      const event = fake.events.find(
        (sent) => sent.type === 'payment_intent.succeeded' && sent.payload.includes(topup.intentId),
      )!;
      const concurrent = await Promise.all([1, 2, 3].map(() => deliver(event.payload, event.signature)));
      for (const answer of concurrent) expect(answer.statusCode, answer.body).toBe(200);
      for (let replay = 0; replay < 3; replay += 1)
        expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
      expect((await user.api.get('/api/user/balance')).json()).toEqual({
        balance: '10.00',
        balance_int: 1000,
      });
      const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'topup',
        reference: `topup:${topup.topup_id}`,
        idempotencyKey: `stripe:${topup.intentId}`,
        metadata: {
          provider: 'stripe',
          topup_id: topup.topup_id,
          purpose: { plan_id: 'vip-monthly', server_id: 3 },
        },
      });
      const stored = await db()
        .select()
        .from(paymentWebhooks)
        .where(and(eq(paymentWebhooks.provider, 'stripe'), eq(paymentWebhooks.eventId, event.id)));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.status).toBe('processed');
    });

    it('refuses a forged signature, another secret and an unsigned call with 400, storing and crediting nothing', async () => {
      const user = await signIn(testApp());
      const topup = await cardTopup(user, 1000);
      await fake.confirm(topup.intentId);
      const event = fake.events.find((sent) => sent.payload.includes(topup.intentId))!;
      const tampered = event.payload.replace('"amount": 1000', '"amount": 100000');
      const forged = [
        await deliver(tampered, event.signature),
        await deliver(event.payload, fake.sign(event.payload, undefined, 'whsec_someone_else')),
        await deliver(event.payload, 't=1,v1=deadbeef'),
        await testApp().app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          headers: { 'content-type': 'application/json' },
          payload: event.payload,
        }),
      ];
      for (const answer of forged) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toBe(BILLING_MESSAGES.webhookSignature);
      }
      const stored = await db().select().from(paymentWebhooks).where(eq(paymentWebhooks.eventId, event.id));
      expect(stored).toEqual([]);
      expect(await balanceOf(user)).toBe(0);
    });

    it('refuses an event signed outside the 300 s window (400), and takes one just inside it', async () => {
      const user = await signIn(testApp());
      const topup = await cardTopup(user, 600);
      await fake.confirm(topup.intentId);
      const event = fake.events.find((sent) => sent.payload.includes(topup.intentId))!;
      const old = Math.floor(Date.now() / 1000) - 301;
      expect((await deliver(event.payload, fake.sign(event.payload, old))).statusCode).toBe(400);
      expect(await balanceOf(user)).toBe(0);
      const recent = Math.floor(Date.now() / 1000) - 240;
      expect((await deliver(event.payload, fake.sign(event.payload, recent))).statusCode).toBe(200);
      expect(await balanceOf(user)).toBe(600);
    });

    it('stores and flags a signed event naming no top-up, answering 200', async () => {
      const payload = JSON.stringify({
        id: 'evt_unknown_topup_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: 'pi_nobodyknows',
            object: 'payment_intent',
            amount: 5000,
            amount_received: 5000,
            currency: 'usd',
            metadata: {},
          },
        },
      });
      const answer = await deliver(payload, fake.sign(payload));
      expect(answer.statusCode).toBe(200);
      const [stored] = await db()
        .select()
        .from(paymentWebhooks)
        .where(eq(paymentWebhooks.eventId, 'evt_unknown_topup_1'));
      expect(stored).toMatchObject({ provider: 'stripe', status: 'flagged' });
      expect(
        await db()
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.idempotencyKey, 'stripe:pi_nobodyknows')),
      ).toEqual([]);
    });

    it('runs 3-D Secure: nothing is credited until the authentication is approved and Stripe says so', async () => {
      const user = await signIn(testApp());
      const topup = await cardTopup(user, 1500);
      fake.setWebhookTarget(async (event) => {
        await deliver(event.payload, event.signature);
      });
      const first = await fake.confirm(topup.intentId, TEST_CARDS.threeDSecure);
      expect(first.status).toBe('requires_action');
      expect(await balanceOf(user)).toBe(0);
      const after = await fake.approveThreeDSecure(topup.intentId);
      expect(after.status).toBe('succeeded');
      expect(await balanceOf(user)).toBe(1500);
    });

    it('posts a refund with the top-up reference once, however often charge.refunded arrives', async () => {
      const user = await signIn(testApp());
      const topup = await cardTopup(user, 2000);
      fake.setWebhookTarget(async (event) => {
        await deliver(event.payload, event.signature);
      });
      await fake.confirm(topup.intentId);
      fake.setWebhookTarget(null);
      await fake.refund(topup.intentId, 500);
      const event = fake.events.at(-1)!;
      expect(event.type).toBe('charge.refunded');
      await Promise.all([1, 2, 3].map(() => deliver(event.payload, event.signature)));
      await deliver(event.payload, event.signature);
      expect(await balanceOf(user)).toBe(1500);
      const refunds = await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.user.id), eq(ledgerEntries.type, 'refund')));
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amountCents: -500, reference: `topup:${topup.topup_id}` });
    });

    it('takes a coupon bonus back in the share of the money refunded, once', async () => {
      const code = `REFUND20X${Date.now() % 10000}`;
      expect((await admin().api.post('/api/admin/coupons', { code, percent_off: 20 })).statusCode).toBe(201);
      const user = await signIn(testApp());
      const topup = await cardTopup(user, 2000, { coupon: code });
      fake.setWebhookTarget(async (event) => {
        await deliver(event.payload, event.signature);
      });
      await fake.confirm(topup.intentId);
      fake.setWebhookTarget(null);
      expect(await balanceOf(user)).toBe(2400);
      // Half refunded: $10.00 and half the $4.00 bonus go back.
      await fake.refund(topup.intentId, 1000);
      const half = fake.events.at(-1)!;
      await Promise.all([1, 2, 3].map(() => deliver(half.payload, half.signature)));
      expect(await balanceOf(user)).toBe(1200);
      // The rest: nothing of the payment or its bonus is left.
      await fake.refund(topup.intentId, 1000);
      const rest = fake.events.at(-1)!;
      await Promise.all([1, 2].map(() => deliver(rest.payload, rest.signature)));
      expect(await balanceOf(user)).toBe(0);
    });

    it('adds a coupon bonus to a card top-up once; a used-up coupon gives no second bonus and no longer validates', async () => {
      const code = `CARD20X${Date.now() % 10000}`;
      expect(
        (await admin().api.post('/api/admin/coupons', { code, percent_off: 20, max_uses: 1 })).statusCode,
      ).toBe(201);
      const user = await signIn(testApp());
      const check = await user.api.get(`/api/user/coupons/${code.toLowerCase()}?for=topup`);
      expect(check.statusCode).toBe(200);
      expect(check.json().data).toMatchObject({ code, percent_off: 20, amount_off: null, applies_to: 'any' });
      const first = await cardTopup(user, 1000, { coupon: code });
      const second = await cardTopup(user, 1000, { coupon: code });
      expect(second.bonus_cents).toBe(200);
      fake.setWebhookTarget(async (event) => {
        await deliver(event.payload, event.signature);
      });
      await fake.confirm(first.intentId);
      await fake.confirm(second.intentId);
      // max_uses 1: the second payment is credited, without a second bonus.
      expect(await balanceOf(user)).toBe(1000 + 200 + 1000);
      expect(
        await db().select().from(couponRedemptions).where(eq(couponRedemptions.userId, user.user.id)),
      ).toHaveLength(1);
      const usedUp = await user.api.get(`/api/user/coupons/${code}`);
      expect(usedUp.statusCode).toBe(404);
      expect(usedUp.json().message).toBe(BILLING_MESSAGES.couponInvalid);
      expect((await user.api.get(`/api/user/coupons/${code}`, 'vi')).json().message).toBe(
        'Mã giảm giá này không hợp lệ.',
      );
    });

    it('copies a plan purpose into the credited entry, where a posting hook sees it in the same transaction', async () => {
      const seen: unknown[] = [];
      const off = onLedgerPosting(async (_tx, entry) => {
        if (entry.type === 'topup') seen.push(entry.metadata?.purpose);
      });
      try {
        const user = await signIn(testApp());
        const topup = await cardTopup(user, 900, { purpose: { plan_id: 'lifetime', server_id: 11 } });
        fake.setWebhookTarget(async (event) => {
          await deliver(event.payload, event.signature);
        });
        await fake.confirm(topup.intentId);
        expect(seen).toEqual([{ plan_id: 'lifetime', server_id: 11 }]);
      } finally {
        off();
      }
    });

    it('saves, lists, sets the default and deletes cards through the fake; another account cannot touch them', async () => {
      const user = await signIn(testApp());
      const other = await signIn(testApp());
      const setup = await user.api.post('/api/user/payment_methods/setup-intent');
      expect(setup.statusCode, setup.body).toBe(201);
      const secret = setup.json().data.client_secret as string;
      const confirmSetup = async (number: string) => {
        const response = await fetch(`${fake.url}/v1/setup_intents/${secret.split('_secret_')[0]}/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            key: FAKE_STRIPE_PUBLISHABLE_KEY,
            client_secret: secret,
            'payment_method_data[card][number]': number,
            'payment_method_data[card][exp_month]': '12',
            'payment_method_data[card][exp_year]': '2034',
          }),
        });
        return ((await response.json()) as { payment_method: string }).payment_method;
      };
      const visa = await confirmSetup(TEST_CARDS.success);
      const added = await user.api.post('/api/user/payment_methods', { payment_method: visa });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().data).toMatchObject({ id: visa, brand: 'visa', last4: '4242', is_default: true });
      const second = await confirmSetup(TEST_CARDS.threeDSecure);
      expect(
        (await user.api.post('/api/user/payment_methods', { payment_method: second })).json().data.is_default,
      ).toBe(false);
      expect((await other.api.post('/api/user/payment_methods', { payment_method: second })).statusCode).toBe(
        404,
      );
      expect((await other.api.delete(`/api/user/payment_methods/${visa}`)).statusCode).toBe(404);

      const made = await user.api.post(`/api/user/payment_methods/${second}/default`);
      expect(made.json().data.is_default).toBe(true);
      const list = await user.api.get('/api/user/payment_methods');
      expect(
        list.json().data.map((card: { id: string; is_default: boolean }) => [card.id, card.is_default]),
      ).toEqual([
        [second, true],
        [visa, false],
      ]);
      const customer = fake.customers.get(
        String(fake.setupIntents.get(secret.split('_secret_')[0]!)!.customer),
      )!;
      expect(customer.invoice_settings).toMatchObject({ default_payment_method: second });

      expect((await user.api.delete(`/api/user/payment_methods/${visa}`)).statusCode).toBe(204);
      expect(fake.paymentMethods.get(visa)!.customer).toBeNull();
      expect(
        await db().select().from(paymentMethods).where(eq(paymentMethods.userId, user.user.id)),
      ).toHaveLength(1);

      // A saved card pays a top-up without the card form.
      const topup = await cardTopup(user, 700, { payment_method: second });
      expect(fake.paymentIntents.get(topup.intentId)!.payment_method).toBe(second);
    });

    it("lets the page load Stripe.js and its frames from STRIPE_JS_URL's origin, and no other", async () => {
      const csp = (await testApp().app.inject({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ] as string;
      const origin = new URL(fake.jsUrl).origin;
      expect(csp).toContain(`script-src 'self' ${origin}`);
      expect(csp).toContain(`frame-src 'self' ${origin}`);
      expect(csp).not.toContain('js.stripe.com');
    });

    it('answers 409 for cards when the panel has no Stripe keys', async () => {
      const { createTestApp } = await import('../testing/test-app.js');
      const bare = await createTestApp(database);
      try {
        const user = await signIn(bare);
        const answer = await user.api.post('/api/user/client-secret', { amount_cents: 1000 });
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe(BILLING_MESSAGES.cardsUnavailable);
        const csp = (await bare.app.inject({ method: 'GET', url: '/api/health' })).headers[
          'content-security-policy'
        ] as string;
        expect(csp).toContain("script-src 'self';");
        expect(csp).not.toContain('frame-src');
      } finally {
        await bare.close();
      }
    });
  },
);
