import { defineArea } from '../area.js';
import { onLedgerPosting } from '../billing/ledger.js';
import { createCommissionHook } from './commission-hook.js';
import { referralsRoutes } from './referrals.routes.js';
import { createReferralsService } from './referrals.service.js';
import { referralsVi } from './referrals.vi.js';

/**
 * Referrals, "Invite to Earn" (issue 24 point 6, docs/referrals.md): codes, attribution of a
 * sign-up (accounts' registration calls attribution.ts), and the commission ledger hook, which
 * lives as long as the app (registered here, removed when the app closes).
 */
export const referralsArea = defineArea({
  name: 'referrals',
  services: ({ db, config }) => ({
    referrals: createReferralsService({ db, maxCommission: config.maxCommission }),
  }),
  routes: referralsRoutes,
  schedules: (app, { config, appLog }) => {
    const off = onLedgerPosting(
      createCommissionHook({ maxCommission: config.maxCommission, now: () => new Date(), log: appLog }),
    );
    app.addHook('onClose', async () => off());
  },
  messages: referralsVi,
});
