import { MTPROXY_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/mtproxy';
import { mtproxyRecipes } from '@hostdeck/recipes/mtproxy';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { MTPROXY_UPDATE_KEYS } from './mtproxy-events.js';
import { registerMtproxyEventHandlers, registerMtproxyTasks } from './mtproxy-tasks.js';
import { createMtproxyRepository, type MtproxyRepository } from './mtproxy.repository.js';
import { mtproxyRoutes } from './mtproxy.routes.js';
import { createMtproxyService, type MtproxyService } from './mtproxy.service.js';
import { mtproxyVi } from './mtproxy.vi.js';

export interface MtproxyAreaServices {
  mtproxy: MtproxyService;
  mtproxyRepository: MtproxyRepository;
}

/**
 * MTProxy (`/servers/{server}/mtproxy`, issue 18): mtg installed from config.mtproxyDownloadUrl,
 * on `mtproxy_port` with the sealed `mtproxy_secret` and a FakeTLS domain; the tg:// link and its
 * QR code; rotate, start, stop, restart and the log. docs/mtproxy.md.
 */
export const mtproxyArea = defineArea<MtproxyAreaServices>({
  name: 'mtproxy',
  services: (panel) => {
    const repository = createMtproxyRepository(panel.db, panel.secretBox);
    return {
      mtproxyRepository: repository,
      mtproxy: createMtproxyService({
        policy: panel.policy,
        servers: panel.servers,
        inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
        events: panel.events,
        repository,
        downloadUrl: panel.config.mtproxyDownloadUrl,
        billingEnabled: panel.config.billingEnabled,
      }),
    };
  },
  routes: mtproxyRoutes,
  tasks: (hooks, { mtproxyRepository }) => registerMtproxyTasks(hooks, mtproxyRepository),
  onFinished: (hooks) => registerMtproxyEventHandlers(hooks),
  updateKeys: MTPROXY_UPDATE_KEYS,
  recipes: mtproxyRecipes,
  eventDescriptions: MTPROXY_EVENT_DESCRIPTIONS,
  messages: mtproxyVi,
});
