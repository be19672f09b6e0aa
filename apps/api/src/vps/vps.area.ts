import { EVENT_STATUS } from '@hostdeck/contracts';
import { VPS_EVENT_DESCRIPTIONS, type VpsProviderSlug } from '@hostdeck/contracts/vps';
import { defineArea } from '../area.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { createFavoritesRepository } from '../servers/favorites.repository.js';
import { createServerConnectService } from '../servers/server-connect.service.js';
import { createServerManagementService } from '../servers/server-management.service.js';
import type { ServerServiceDependencies } from '../servers/server-operations.js';
import { createServerRemote } from '../servers/server-remote.js';
import { createVpsAdapter } from './providers/index.js';
import { registerVpsCreateTask } from './vps-create-task.js';
import { createVpsRepository } from './vps.repository.js';
import { vpsRoutes } from './vps.routes.js';
import { createVpsService, VPS_EVENT_PREFIX, VPS_UPDATE_KEYS } from './vps.service.js';
import { vpsVi } from './vps.vi.js';

/**
 * VPS providers (`/user/vps`, issue 23 point 1, docs/vps.md): the account's Hetzner Cloud,
 * DigitalOcean and Vultr tokens, their regions and plans, creating a server there (an event that
 * ends in the servers area's connect and provisioning), deleting it there, and the machines no
 * server points to.
 */
export const vpsArea = defineArea({
  name: 'vps',
  services: (panel) => {
    const repository = createVpsRepository(panel.db, panel.secretBox);
    // Connecting and deleting servers exactly as the servers area does: the same services, built
    // from the same panel services (servers.area.ts).
    const serverDependencies: ServerServiceDependencies = {
      repository: panel.servers,
      favorites: createFavoritesRepository(panel.db),
      policy: panel.policy,
      events: panel.events,
      remote: createServerRemote(panel.executor),
      secretBox: panel.secretBox,
      generateKeyPair: generateSshKeyPair,
      publish: panel.publish,
    };
    const createAdapter = (provider: VpsProviderSlug, token: string) =>
      createVpsAdapter(provider, token, panel.config.vps.urls);
    return {
      vpsRepository: repository,
      vpsConnect: createServerConnectService(serverDependencies),
      vpsCreateAdapter: createAdapter,
      vps: createVpsService({
        repository,
        servers: panel.servers,
        policy: panel.policy,
        events: panel.events,
        secretBox: panel.secretBox,
        generateKeyPair: generateSshKeyPair,
        createAdapter,
        management: createServerManagementService(serverDependencies),
        publish: panel.publish,
      }),
    };
  },
  routes: vpsRoutes,
  tasks: (hooks, context) =>
    registerVpsCreateTask(hooks, {
      repository: context.vpsRepository,
      servers: context.servers,
      createAdapter: context.vpsCreateAdapter,
      connect: context.vpsConnect,
      pollIntervalMs: context.config.vps.pollIntervalMs,
      bootTimeoutSeconds: context.config.vps.bootTimeoutSeconds,
      announce: async (serverId, keys) =>
        context.publish(await context.policy.usersWithServerAccess(serverId), keys),
    }),
  onFinished: (hooks, { vpsRepository }) =>
    hooks.onFinished(VPS_EVENT_PREFIX, async (event) => {
      // A creation that did not reach the connect is marked failed: "Resume" starts it again.
      if (event.serverId !== null && event.status !== EVENT_STATUS.finished) {
        const machine = await vpsRepository.findMachine(event.serverId);
        if (machine && machine.state !== 'ready')
          await vpsRepository.updateMachine(event.serverId, { state: 'failed' });
      }
      return VPS_UPDATE_KEYS;
    }),
  updateKeys: VPS_UPDATE_KEYS,
  eventDescriptions: VPS_EVENT_DESCRIPTIONS,
  messages: vpsVi,
});
