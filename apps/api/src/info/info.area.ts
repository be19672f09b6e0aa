import { defineArea } from '../area.js';
import { infoRoutes } from './info.routes.js';

/** The app's own facts (brand, origins, billing) and the signed-in user: GET api/info. */
export const infoArea = defineArea({
  name: 'info',
  services: ({ config, accounts }) => ({
    settings: {
      brand: config.brand,
      agentFileOrigins: config.allowedOrigins,
      appUrl: config.appUrl,
      agentTerminalHost: null,
      salesEventEndsAt: config.salesEventEndsAt,
      usdRate: config.usdRate,
      maxCommission: config.maxCommission,
      billingEnabled: config.billingEnabled,
      mailOutbox: !config.mailUrl,
      freeDomainZone: config.freeDomain?.zone ?? null,
      bank: config.sepay.bank,
      socialProviders: (['github', 'google'] as const).filter(
        (provider) => config.socialites[provider].client !== null,
      ),
    },
    presentUser: accounts.presentUser,
  }),
  routes: infoRoutes,
});
