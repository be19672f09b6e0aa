import { defineArea } from '../area.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { createFavoritesRepository } from './favorites.repository.js';
import { createServerConnectService } from './server-connect.service.js';
import { SERVER_UPDATE_KEYS } from './server-events.js';
import { registerServerFinishedHandlers } from './server-finished-events.js';
import { createServerManagementService } from './server-management.service.js';
import type { ServerServiceDependencies } from './server-operations.js';
import { createServerRemote } from './server-remote.js';
import { serversRoutes } from './servers.routes.js';
import { createServersService } from './servers.service.js';
import { serversVi } from './servers.vi.js';

/** Servers (spec/000 §7 api/servers): the list, connecting one, managing it. */
export const serversArea = defineArea({
  name: 'servers',
  services: (panel) => {
    const favorites = createFavoritesRepository(panel.db);
    const dependencies: ServerServiceDependencies = {
      repository: panel.servers,
      favorites,
      policy: panel.policy,
      events: panel.events,
      remote: createServerRemote(panel.executor),
      secretBox: panel.secretBox,
      generateKeyPair: generateSshKeyPair,
      publish: panel.publish,
    };
    return {
      serverList: createServersService({ repository: panel.servers, favorites, policy: panel.policy }),
      connect: createServerConnectService(dependencies),
      management: createServerManagementService(dependencies),
    };
  },
  routes: serversRoutes,
  // First in the list: the other areas' handlers read the server as its event left it.
  onFinished: (hooks, { connections }) => registerServerFinishedHandlers(hooks, connections),
  updateKeys: SERVER_UPDATE_KEYS,
  messages: serversVi,
});
