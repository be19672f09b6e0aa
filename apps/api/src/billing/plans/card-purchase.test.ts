import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, servers, serverSubscriptions } from '../../database/schema.js';
import { insertServer, signIn } from '../../policy/testing/policy-fixtures.js';
import { availableTestDatabases } from '../../testing/test-databases.js';
import { eq } from '../../testing/sql.js';
import { balanceOf } from '../ledger.js';
import { useBillingApp } from '../testing/billing-fixtures.js';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startStripeFake,
  TEST_CARDS,
  type StripeFake,
} from '../testing/stripe-fake.js';

const databases = await availableTestDatabases();

/**
 * A plan bought by card (issue 24 point 3): the PaymentIntent carries the plan as its purpose,
 * Stripe's confirmed event credits the top-up, and the plans' ledger hook buys the plan in that
 * same transaction. Through the real routes, against the local Stripe fake.
 */
describe.each(databases.map((database) => [database.name, database] as const))(
  'a plan bought by card on %s',
  (_kind, database) => {
    let fake: StripeFake;
    beforeAll(async () => {
      fake = await startStripeFake();
    });
    afterAll(async () => fake?.close());
    const { testApp, db } = useBillingApp(database, () => ({
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      STRIPE_JS_URL: fake.jsUrl,
    }));

    const deliver = (payload: string, signature: string) =>
      testApp().app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      });

    it('buys the plan once when the payment succeeds, however often Stripe delivers the event', async () => {
      const user = await signIn(testApp());
      const server = await insertServer(db(), user.user.id, { name: 'card-vip' });
      fake.setWebhookTarget(null);
      const answer = await user.api.post('/api/user/client-secret', {
        amount_cents: 1000,
        purpose: { plan_id: 'vip_monthly', server_id: server.id },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const intentId = (answer.json().data.client_secret as string).split('_secret_')[0]!;
      expect((await db().select().from(servers).where(eq(servers.id, server.id)))[0]!.isVip).toBe(false);

      await fake.confirm(intentId, TEST_CARDS.success);
      const event = fake.events.find(
        (sent) => sent.type === 'payment_intent.succeeded' && sent.payload.includes(intentId),
      )!;
      const answers = await Promise.all([1, 2, 3].map(() => deliver(event.payload, event.signature)));
      for (const delivered of answers) expect(delivered.statusCode, delivered.body).toBe(200);
      expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);

      expect((await db().select().from(servers).where(eq(servers.id, server.id)))[0]!.isVip).toBe(true);
      const bought = await db()
        .select()
        .from(serverSubscriptions)
        .where(eq(serverSubscriptions.serverId, server.id));
      expect(bought).toMatchObject([{ planId: 'vip_monthly', status: 'active', priceCents: 1000 }]);
      const paid = await db().select().from(invoices).where(eq(invoices.userId, user.user.id));
      expect(paid).toMatchObject([{ paidWith: 'card', amountCents: 1000 }]);
      // Credited $10.00 and charged $10.00 in the one transaction.
      expect(await balanceOf(db(), user.user.id)).toBe(0);
      expect((await user.api.get('/api/user/info')).json().isPaidUser).toBe(true);
    });
  },
);
