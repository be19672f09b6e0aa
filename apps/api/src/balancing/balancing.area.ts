import { BALANCING_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/balancing';
import { balancingRecipes } from '@hostdeck/recipes/balancing';
import { defineArea } from '../area.js';
import { createBalancingRepository } from './balancing.repository.js';
import { balancingRoutes } from './balancing.routes.js';
import { createBalancingService } from './balancing.service.js';
import { balancingVi } from './balancing.vi.js';

/**
 * Load balancing of a site (issue 21 point 6; spec/000 §7 Sites balancing enable, disable, store):
 * the site's nginx balances over the same site on other servers of its owner. docs/balancing.md.
 */
export const balancingArea = defineArea({
  name: 'balancing',
  services: (panel) => ({
    balancing: createBalancingService({
      repository: createBalancingRepository(panel.db),
      access: panel.siteAccess,
      policy: panel.policy,
      events: panel.events,
      servers: panel.servers,
    }),
  }),
  routes: balancingRoutes,
  recipes: balancingRecipes,
  eventDescriptions: BALANCING_EVENT_DESCRIPTIONS,
  messages: balancingVi,
});
