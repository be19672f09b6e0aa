import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { COMMANDS_UPDATE_KEY, DEPLOYMENTS_UPDATE_KEY } from './deployment-messages.js';
import { registerDeploymentTasks } from './deployment-tasks.js';
import { deploymentsRoutes } from './deployments.routes.js';
import { createDeploymentsRepository } from './deployments.repository.js';
import { createDeploymentsService } from './deployments.service.js';
import { deploymentsVi } from './deployments.vi.js';
import { createSiteCommandsService } from './site-commands.service.js';

/** A site's deployments service over the panel's services (Install Source Code starts deploys too). */
export function deploymentsServiceOf(
  panel: PanelServices,
  repository = createDeploymentsRepository(panel.db),
) {
  return createDeploymentsService({
    repository,
    access: panel.siteAccess,
    events: panel.events,
    secretBox: panel.secretBox,
    appUrl: panel.config.appUrl,
  });
}

/** The deployments and commands of a site (spec/000 §7 deploys, commands), and its deploy URL. */
export const deploymentsArea = defineArea({
  name: 'deployments',
  services: (panel) => {
    const repository = createDeploymentsRepository(panel.db);
    const access = panel.siteAccess;
    return {
      deploymentRepository: repository,
      deployments: deploymentsServiceOf(panel, repository),
      commands: createSiteCommandsService({ repository, access, events: panel.events }),
    };
  },
  routes: deploymentsRoutes,
  tasks: (hooks, { db, bus, secretBox, deploymentRepository, siteAccess, alerts }) =>
    registerDeploymentTasks({
      db,
      hooks,
      bus,
      secretBox,
      repository: deploymentRepository,
      loadSite: siteAccess.loadSite,
      alerts,
    }),
  updateKeys: [DEPLOYMENTS_UPDATE_KEY, COMMANDS_UPDATE_KEY],
  messages: deploymentsVi,
});
