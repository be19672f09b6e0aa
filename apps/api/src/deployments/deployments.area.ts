import { defineArea } from '../area.js';
import { COMMANDS_UPDATE_KEY, DEPLOYMENTS_UPDATE_KEY } from './deployment-messages.js';
import { registerDeploymentTasks } from './deployment-tasks.js';
import { deploymentsRoutes } from './deployments.routes.js';
import { createDeploymentsRepository } from './deployments.repository.js';
import { createDeploymentsService } from './deployments.service.js';
import { deploymentsVi } from './deployments.vi.js';
import { createSiteCommandsService } from './site-commands.service.js';

/** The deployments and commands of a site (spec/000 §7 deploys, commands), and its deploy URL. */
export const deploymentsArea = defineArea({
  name: 'deployments',
  services: (panel) => {
    const repository = createDeploymentsRepository(panel.db);
    const access = panel.siteAccess;
    return {
      deploymentRepository: repository,
      deployments: createDeploymentsService({
        repository,
        access,
        events: panel.events,
        secretBox: panel.secretBox,
        appUrl: panel.config.appUrl,
      }),
      commands: createSiteCommandsService({ repository, access, events: panel.events }),
    };
  },
  routes: deploymentsRoutes,
  tasks: (hooks, { db, bus, secretBox, deploymentRepository, siteAccess }) =>
    registerDeploymentTasks({
      db,
      hooks,
      bus,
      secretBox,
      repository: deploymentRepository,
      loadSite: siteAccess.loadSite,
    }),
  updateKeys: [DEPLOYMENTS_UPDATE_KEY, COMMANDS_UPDATE_KEY],
  messages: deploymentsVi,
});
