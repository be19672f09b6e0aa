import type { PanelServices } from '../../composition.js';
import { createDockerEngines } from '../docker-engine.js';
import { createContainersService, type ContainersService } from './containers.service.js';

/** What the containers' routes need from the docker area's services (docker.area.ts spreads it in). */
export interface ContainerServices {
  containers: ContainersService;
}

/** Builds the containers' services from the panel's (its own engines: one SSH session per use). */
export function createContainerServices(panel: PanelServices): ContainerServices {
  return {
    containers: createContainersService({
      policy: panel.policy,
      events: panel.events,
      engines: createDockerEngines({ executor: panel.executor, connections: panel.connections }),
    }),
  };
}
