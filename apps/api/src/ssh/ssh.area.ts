import { SSH_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/ssh';
import { sshRecipes } from '@hostdeck/recipes/ssh';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createSshRepository } from './ssh.repository.js';
import { sshRoutes } from './ssh.routes.js';
import { createSshService, SSH_EVENT_PREFIX, type SshService } from './ssh.service.js';
import { sshVi } from './ssh.vi.js';

export interface SshAreaServices {
  ssh: SshService;
}

/**
 * The server's sshd settings (spec/000 §2 servers.ssh, the "SSH settings" tab beside the terminal):
 * GET/POST api/servers/{server}/sshd_config and POST …/host-key/reset. Changes are safe-apply
 * events (docs/safe-apply.md); an `ssh_port` event that got the panel in on the new port moves
 * servers.port. docs/ssh.md.
 */
export const sshArea = defineArea<SshAreaServices>({
  name: 'ssh',
  services: (panel) => ({
    ssh: createSshService({
      policy: panel.policy,
      servers: panel.servers,
      inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      events: panel.events,
      repository: createSshRepository(panel.db),
      revertSeconds: panel.config.safeApplyRevertSeconds,
    }),
  }),
  routes: sshRoutes,
  onFinished: (hooks, { ssh }) => hooks.onFinished(SSH_EVENT_PREFIX, (event) => ssh.settleFinished(event)),
  updateKeys: ['server'],
  recipes: sshRecipes,
  eventDescriptions: SSH_EVENT_DESCRIPTIONS,
  messages: sshVi,
});
