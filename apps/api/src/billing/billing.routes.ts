import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRoutes as routes } from '@hostdeck/contracts/billing';
import { route } from '../http/route.js';
import type { BillingService } from './billing.service.js';
import type { CardsService } from './cards.service.js';

/** Webhooks: providers' servers call them (no session, no CSRF), rate-limited per address. */
const WEBHOOK_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** Billing money-in (contracts `billingRoutes`, docs/billing.md): each route one service call. */
export const billingMoneyRoutes: FastifyPluginAsyncZod<{ billing: BillingService; cards: CardsService }> = async (
  app,
  { billing, cards },
) => {
  route(app, routes.balance, {}, ({ user }) => billing.balance(user));
  route(app, routes.transactions, {}, ({ user, query }) => billing.transactions(user, query));
  route(app, routes.topup, { status: 201 }, async ({ user, body }) => ({ data: await billing.bankTopup(user, body) }));
  route(app, routes.coupon, {}, ({ user, params, query }) => billing.coupon(user, params.coupon, query.for));

  route(app, routes.clientSecret, { status: 201 }, ({ user, body }) => cards.clientSecret(user, body));
  route(app, routes.paymentMethods, {}, ({ user }) => cards.paymentMethods(user));
  route(app, routes.setupIntent, { status: 201 }, ({ user }) => cards.setupIntent(user));
  route(app, routes.addPaymentMethod, { status: 201 }, ({ user, body }) => cards.addPaymentMethod(user, body.payment_method));
  route(app, routes.deletePaymentMethod, {}, ({ user, params }) => cards.deletePaymentMethod(user, params.payment_method));
  route(app, routes.defaultPaymentMethod, {}, ({ user, params }) =>
    cards.defaultPaymentMethod(user, params.payment_method),
  );

  route(app, routes.adminCoupons, {}, ({ user }) => billing.adminCoupons(user));
  route(app, routes.adminCreateCoupon, { status: 201 }, ({ user, body }) => billing.adminCreateCoupon(user, body));
  route(app, routes.adminDeleteCoupon, {}, ({ user, params }) => billing.adminDeleteCoupon(user, params.coupon));

  // Public on purpose (route-auth.test.ts lists it): SePay's servers, authenticated by the API key.
  route(app, routes.sepayWebhook, { public: true, config: { csrf: false, rateLimit: WEBHOOK_RATE_LIMIT } }, ({ request, body }) =>
    billing.sepayWebhook(request.headers.authorization, body),
  );

  // Public on purpose (route-auth.test.ts lists it): Stripe's servers, authenticated by the
  // signature over the raw body, so this route alone keeps JSON bodies as bytes.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(raw, routes.stripeWebhook, { public: true, config: { csrf: false, rateLimit: WEBHOOK_RATE_LIMIT } }, ({ request }) =>
      cards.webhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
    );
  });
};
