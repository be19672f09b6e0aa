import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startStripeFake,
  type StripeFake,
} from '@hostdeck/api/billing/testing/stripe-fake.js';

/**
 * The local Stripe fake of the billing browser tests (apps/api/src/billing/testing/stripe-fake.ts):
 * its API and fake Stripe.js on a fixed port, and the panel's STRIPE_* settings pointing at it.
 * It sends its signed events to the panel's webhook, as Stripe does.
 */
export const E2E_STRIPE_FAKE_PORT = Number(process.env.E2E_STRIPE_FAKE_PORT ?? 29_194);

export async function startE2eStripeFake(panelPort: number): Promise<{ fake: StripeFake; env: Record<string, string> }> {
  const fake = await startStripeFake({ port: E2E_STRIPE_FAKE_PORT });
  fake.setWebhookTarget(`http://127.0.0.1:${panelPort}/api/stripe/webhook`);
  return {
    fake,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      STRIPE_JS_URL: fake.jsUrl,
    },
  };
}
