import { UPDATE_KEYS } from '@hostdeck/contracts';
import { PHP_EVENT_DESCRIPTIONS, PHP_EVENT_PREFIX } from '@hostdeck/contracts/php';
import { phpRecipes } from '@hostdeck/recipes/php';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createPhpIniReader } from './php-ini-reader.js';
import { registerPhpTasks } from './php-tasks.js';
import { createPhpRepository } from './php.repository.js';
import { phpRoutesPlugin } from './php.routes.js';
import { createPhpService } from './php.service.js';
import { phpVi } from './php.vi.js';

/**
 * A server's PHP (issue 16 §1; spec/000 §7 Servers: PHP, ioncube): the versions read from the
 * server with the panel's settings, and every change a `php_*` event (the `php-change` task).
 * Its events publish `server` (the list's Update-data key, and the server's detail changes too).
 */
export const phpArea = defineArea({
  name: 'php',
  services: (panel) => {
    const repository = createPhpRepository(panel.db);
    return {
      phpRepository: repository,
      php: createPhpService({
        policy: panel.policy,
        servers: panel.servers,
        inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
        readIni: createPhpIniReader({ executor: panel.executor, connections: panel.connections }),
        events: panel.events,
        repository,
      }),
    };
  },
  routes: phpRoutesPlugin,
  tasks: (hooks, { phpRepository }) => registerPhpTasks(hooks, { repository: phpRepository }),
  onFinished: (hooks) => hooks.onFinished(PHP_EVENT_PREFIX, async () => [UPDATE_KEYS.server]),
  updateKeys: [UPDATE_KEYS.server],
  recipes: phpRecipes,
  eventDescriptions: PHP_EVENT_DESCRIPTIONS,
  messages: phpVi,
});
