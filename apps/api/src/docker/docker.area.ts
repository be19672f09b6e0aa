import { DOCKER_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/docker';
import { DOCKER_CONTAINER_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/docker-containers';
import { dockerRecipes } from '@hostdeck/recipes/docker';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createContainerServices, type ContainerServices } from './containers/container-services.js';
import { registerContainerTasks } from './containers/container-tasks.js';
import { containersRoutes } from './containers/containers.routes.js';
import { containersVi } from './containers/containers.vi.js';
import { createDockerEngines } from './docker-engine.js';
import { registerDockerTasks } from './docker-tasks.js';
import { dockerRoutes } from './docker.routes.js';
import { createDockerService, type DockerService } from './docker.service.js';
import { dockerVi } from './docker.vi.js';

export interface DockerAreaServices extends ContainerServices {
  dockerService: DockerService;
}

/**
 * A server's Docker (spec/000 §7 docker): containers (containers/), images, volumes, networks,
 * the ports containers publish, and the daemon's log rotation. The panel talks to the Engine API
 * over the server's SSH connection (docker-engine.ts); reads are direct, changes are events.
 * docs/docker.md.
 */
export const dockerArea = defineArea<DockerAreaServices>({
  name: 'docker',
  services: (panel) => ({
    ...createContainerServices(panel),
    dockerService: createDockerService({
      policy: panel.policy,
      events: panel.events,
      engines: createDockerEngines({ executor: panel.executor, connections: panel.connections }),
      inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
    }),
  }),
  routes: async (app, context) => {
    await app.register(dockerRoutes, context);
    await app.register(containersRoutes, context);
  },
  tasks: (hooks, context) => {
    registerDockerTasks(hooks);
    registerContainerTasks(hooks, context);
  },
  recipes: dockerRecipes,
  eventDescriptions: { ...DOCKER_EVENT_DESCRIPTIONS, ...DOCKER_CONTAINER_EVENT_DESCRIPTIONS },
  messages: { ...dockerVi, ...containersVi },
});
