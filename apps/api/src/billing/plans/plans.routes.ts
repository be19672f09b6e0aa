import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planRoutes as routes } from '@hostdeck/contracts/plans';
import { route } from '../../http/route.js';
import type { InvoicesService } from './invoices.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** Subscriptions and invoices of the signed-in user (contracts `planRoutes`). */
export const plansRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  invoices: InvoicesService;
}> = async (app, { subscriptions, invoices }) => {
  route(app, routes.subscriptions, {}, ({ user }) => subscriptions.list(user));
  route(app, routes.subscribe, { status: 201 }, ({ user, body }) => subscriptions.subscribe(user, body));
  route(app, routes.cancel, {}, ({ user, body }) => subscriptions.cancel(user, body.subscription_id));
  route(app, routes.invoices, {}, ({ user, query }) => invoices.list(user, query));
  route(app, routes.invoicePdf, {}, async ({ user, params, reply }) => {
    const pdf = await invoices.pdf(user, params.invoice);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf.body);
  });
};
