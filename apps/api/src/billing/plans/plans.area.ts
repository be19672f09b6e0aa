import { defineArea } from '../../area.js';
import { onLedgerPosting } from '../ledger.js';
import { buyPlanOfTopup } from './card-purchase.js';
import { createInvoicesService } from './invoices.service.js';
import { plansRoutes } from './plans.routes.js';
import { plansVi } from './plans.vi.js';
import { createRenewal, startRenewalSchedule } from './renewal.js';
import { createSubscriptionsService } from './subscriptions.service.js';

/**
 * Plans, VIP servers and invoices (issue 24 points 3 and 4, docs/billing-plans.md): buying a plan
 * from the balance or by card, the 30-day renewal with dunning, numbered invoices as PDF.
 */
export const plansArea = defineArea({
  name: 'billing-plans',
  services: (panel) => {
    const settings = {
      billingEnabled: panel.config.billingEnabled,
      salesEventEndsAt: panel.config.salesEventEndsAt,
    };
    return {
      planSettings: settings,
      subscriptions: createSubscriptionsService({ db: panel.db, policy: panel.policy, settings }),
      invoices: createInvoicesService({ db: panel.db, brand: panel.config.brand }),
      renewal: createRenewal({
        db: panel.db,
        mailer: panel.mailer,
        brand: panel.config.brand,
        appUrl: panel.config.appUrl,
        log: (message, details) => panel.appLog.error(details, message),
      }),
    };
  },
  routes: plansRoutes,
  schedules: (app, { renewal, planSettings, config }) => {
    if (!config.billingEnabled) return;
    startRenewalSchedule(app, (now) => renewal.renewDue(now));
    // Registered with the app and removed when it closes (test panels come and go in one process).
    const remove = onLedgerPosting(async (tx, entry) => {
      const outcome = await buyPlanOfTopup(tx, entry, planSettings, new Date());
      if (outcome === 'kept')
        app.log.warn({ entryId: entry.id }, 'a card payment for a plan stays as balance');
    });
    app.addHook('onClose', async () => remove());
  },
  messages: plansVi,
});
