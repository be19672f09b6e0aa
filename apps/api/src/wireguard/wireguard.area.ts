import { WIREGUARD_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/wireguard';
import { wireguardRecipes } from '@hostdeck/recipes/wireguard';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { registerWireguardEventHandlers, WIREGUARD_UPDATE_KEYS } from './wireguard.events.js';
import { createWireguardRepository } from './wireguard.repository.js';
import { wireguardRoutes } from './wireguard.routes.js';
import { createWireguardService } from './wireguard.service.js';
import { wireguardVi } from './wireguard.vi.js';

/**
 * WireGuard clients of a server (issue 18, `/servers/{server}/wireguard`): wg0 on
 * `wireguard_port`, clients as peers added and removed live by `wireguard-peer-*` recipe events,
 * whose end settles the rows (wireguard.events.ts). docs/wireguard.md.
 */
export const wireguardArea = defineArea({
  name: 'wireguard',
  services: (panel) => {
    const repository = createWireguardRepository(panel.db);
    return {
      wireguardRepository: repository,
      wireguard: createWireguardService({
        policy: panel.policy,
        servers: panel.servers,
        repository,
        events: panel.events,
        inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
        secretBox: panel.secretBox,
      }),
    };
  },
  routes: wireguardRoutes,
  onFinished: (hooks, { wireguardRepository }) => registerWireguardEventHandlers(hooks, wireguardRepository),
  updateKeys: WIREGUARD_UPDATE_KEYS,
  recipes: wireguardRecipes,
  eventDescriptions: WIREGUARD_EVENT_DESCRIPTIONS,
  messages: wireguardVi,
});
