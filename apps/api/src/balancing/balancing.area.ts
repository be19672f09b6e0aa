import { BALANCING_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/balancing';
import { balancingRecipes } from '@hostdeck/recipes/balancing';
import { defineArea } from '../area.js';
import { deploymentsServiceOf } from '../deployments/deployments.area.js';
import { createDeploymentsRepository } from '../deployments/deployments.repository.js';
import { createBalancingRepository } from './balancing.repository.js';
import { balancingRoutes } from './balancing.routes.js';
import { createBalancingService } from './balancing.service.js';
import { balancingVi } from './balancing.vi.js';
import { createEventsRepository } from '../events/events.repository.js';
import { registerRollingDeploy } from './rolling-deploy.js';

/**
 * Load balancing of a site (issue 21 point 6; spec/000 §7 Sites balancing enable, disable, store):
 * the site's nginx balances over the same site on other servers of its owner. docs/balancing.md.
 */
export const balancingArea = defineArea({
  name: 'balancing',
  services: (panel) => {
    const repository = createBalancingRepository(panel.db);
    const deploymentRepository = createDeploymentsRepository(panel.db);
    return {
      balancingRepository: repository,
      balancingDeploymentRepository: deploymentRepository,
      balancingDeployments: deploymentsServiceOf(panel, deploymentRepository),
      balancing: createBalancingService({
        repository,
        access: panel.siteAccess,
        policy: panel.policy,
        events: panel.events,
        servers: panel.servers,
      }),
    };
  },
  routes: balancingRoutes,
  tasks: (hooks, context) =>
    registerRollingDeploy(hooks, {
      events: createEventsRepository(context.db),
      repository: context.balancingRepository,
      deploymentRepository: context.balancingDeploymentRepository,
      deployments: context.balancingDeployments,
      loadSite: context.siteAccess.loadSite,
    }),
  recipes: balancingRecipes,
  eventDescriptions: BALANCING_EVENT_DESCRIPTIONS,
  messages: balancingVi,
});
