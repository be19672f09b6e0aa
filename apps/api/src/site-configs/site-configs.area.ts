import { defineArea } from '../area.js';
import { siteConfigsRoutes } from './site-configs.routes.js';
import { createSiteConfigsService } from './site-configs.service.js';
import { siteConfigsVi } from './site-configs.vi.js';

/** The web server configs and logs of a site (spec/000 §7 configs CRUD; §2 error-log, access-log). */
export const siteConfigsArea = defineArea({
  name: 'site-configs',
  services: (panel) => ({ configs: createSiteConfigsService({ access: panel.siteAccess }) }),
  routes: siteConfigsRoutes,
  messages: siteConfigsVi,
});
