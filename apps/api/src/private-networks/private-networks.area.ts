import { PRIVATE_NETWORK_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/private-networks';
import { privateNetworkRecipes } from '@hostdeck/recipes/private-networks';
import { defineArea } from '../area.js';
import {
  PRIVATE_NETWORK_UPDATE_KEYS,
  registerPrivateNetworkEventHandlers,
} from './private-networks.events.js';
import { createPrivateNetworksRepository } from './private-networks.repository.js';
import { privateNetworksRoutes } from './private-networks.routes.js';
import { createPrivateNetworksService } from './private-networks.service.js';
import { registerPrivateNetworkTasks } from './private-networks.tasks.js';
import { privateNetworksVi } from './private-networks.vi.js';

/**
 * Private networks between one account's servers (issue 18 moonshot, `api/private-networks`):
 * a WireGuard interface `hdnet<id>` per network on each member. docs/private-networks.md.
 */
export const privateNetworksArea = defineArea({
  name: 'private-networks',
  services: (panel) => {
    const repository = createPrivateNetworksRepository(panel.db);
    return {
      privateNetworkRepository: repository,
      privateNetworks: createPrivateNetworksService({
        repository,
        policy: panel.policy,
        events: panel.events,
        servers: panel.servers,
      }),
    };
  },
  routes: privateNetworksRoutes,
  tasks: (hooks, { privateNetworkRepository }) =>
    registerPrivateNetworkTasks(hooks, privateNetworkRepository),
  onFinished: (hooks, { privateNetworkRepository, privateNetworks }) =>
    registerPrivateNetworkEventHandlers(hooks, privateNetworkRepository, privateNetworks),
  updateKeys: PRIVATE_NETWORK_UPDATE_KEYS,
  recipes: privateNetworkRecipes,
  eventDescriptions: PRIVATE_NETWORK_EVENT_DESCRIPTIONS,
  messages: privateNetworksVi,
});
