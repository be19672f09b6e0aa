import { defineArea } from '../area.js';
import { accountsRoutes } from './accounts.routes.js';
import { accountsVi } from './accounts.vi.js';

/** Accounts (spec/000 §2, §7): sign-up, sign-in, two-factor, profile, sessions. */
export const accountsArea = defineArea({
  name: 'accounts',
  // Cookies get `Secure` when the panel is served over https (APP_URL).
  services: ({ config }) => ({ secureCookie: config.appUrl.startsWith('https://') }),
  routes: accountsRoutes,
  messages: accountsVi,
});
