import { FIREWALL_8G_EVENT_DESCRIPTIONS, FIREWALL_8G_EVENT_PREFIX } from '@hostdeck/contracts/firewall-8g';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { firewall8gRecipes } from '@hostdeck/recipes/firewall-8g';
import { defineArea } from '../area.js';
import { createFirewall8gRepository } from './firewall-8g.repository.js';
import { firewall8gRoutesPlugin } from './firewall-8g.routes.js';
import { createFirewall8gService } from './firewall-8g.service.js';
import { firewall8gVi } from './firewall-8g.vi.js';

/**
 * The 8G firewall of a site (spec/000 §7 `8gfirewall` POST and DELETE; docs/firewall-8g.md). Its
 * events publish `site`, so the site's pages read the state again.
 */
export const firewall8gArea = defineArea({
  name: 'firewall-8g',
  services: (panel) => ({
    firewall8g: createFirewall8gService({
      access: panel.siteAccess,
      events: panel.events,
      repository: createFirewall8gRepository(panel.db),
    }),
  }),
  routes: firewall8gRoutesPlugin,
  onFinished: (hooks, { firewall8g }) =>
    hooks.onFinished(FIREWALL_8G_EVENT_PREFIX, (event) => firewall8g.settleFinished(event)),
  updateKeys: [UPDATE_KEYS.site],
  recipes: firewall8gRecipes,
  eventDescriptions: FIREWALL_8G_EVENT_DESCRIPTIONS,
  messages: firewall8gVi,
});
