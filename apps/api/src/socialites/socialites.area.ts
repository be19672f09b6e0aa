import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { createSocialProviders } from './social-providers.js';
import { createSocialitesRepository } from './socialites.repository.js';
import { socialitesRoutes } from './socialites.routes.js';
import { createSocialitesService } from './socialites.service.js';
import { socialitesVi } from './socialites.vi.js';

/** The social sign-in service over the panel's services (app info reads its providers too). */
export function socialitesServiceOf(panel: PanelServices) {
  return createSocialitesService({
    db: panel.db,
    repository: createSocialitesRepository(panel.db),
    providers: createSocialProviders(panel.config.socialites),
    secretBox: panel.secretBox,
    signIn: panel.accounts.signIn,
    appUrl: panel.config.appUrl,
  });
}

/**
 * Sign-up, sign-in, link and unlink with GitHub and Google (issue 23 point 2,
 * docs/socialites.md). No events: every call answers at once.
 */
export const socialitesArea = defineArea({
  name: 'socialites',
  services: (panel) => ({
    socialites: socialitesServiceOf(panel),
    secureCookie: panel.config.appUrl.startsWith('https://'),
  }),
  routes: socialitesRoutes,
  messages: socialitesVi,
});
