import { createAdminPolicy } from '../admin/admin-policy.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { defineArea } from '../area.js';
import { createBillingRepository } from './billing.repository.js';
import { billingMoneyRoutes } from './billing.routes.js';
import { createBillingService } from './billing.service.js';
import { billingVi } from './billing.vi.js';
import { createCardsService } from './cards.service.js';
import { createStripeGateway } from './stripe-gateway.js';

/**
 * Billing money-in (`/user/billing`, issue 24, docs/billing.md): the balance and its ledger, top-ups
 * by card (Stripe) and bank transfer (SePay), saved cards, coupons. Money moves only through
 * ledger.ts, and comes in only through a provider's verified webhook.
 */
export const billingArea = defineArea({
  name: 'billing',
  services: (panel) => {
    const repository = createBillingRepository(panel.db);
    const billing = createBillingService({
      repository,
      config: panel.config,
      admin: createAdminPolicy(createAdminRepository(panel.db), panel.config.adminEmails),
    });
    const cards = createCardsService({ repository, gateway: createStripeGateway(panel.config.stripe), billing });
    return { billing, cards };
  },
  routes: billingMoneyRoutes,
  messages: billingVi,
});
