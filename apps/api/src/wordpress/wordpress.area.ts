import { WORDPRESS_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/wordpress';
import { wordpressRecipes } from '@hostdeck/recipes/wordpress';
import { defineArea } from '../area.js';
import { createDatabasesRepository } from '../databases/databases.repository.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { registerWordpressSiteUrl } from './wordpress-site-url.js';
import { registerWordpressTasks } from './wordpress-tasks.js';
import { createWordpressRepository } from './wordpress.repository.js';
import { wordpressRoutesPlugin } from './wordpress.routes.js';
import { createWordpressService } from './wordpress.service.js';
import { wordpressVi } from './wordpress.vi.js';

/**
 * WordPress on a site (`/sites/{site}/wordpress`, issue 21 point 3, docs/wordpress.md): install
 * with a database of the databases area, plugins and themes, sign-in links, safe updates.
 */
export const wordpressArea = defineArea({
  name: 'wordpress',
  services: (panel) => {
    const repository = createWordpressRepository(panel.db);
    const databases = createDatabasesRepository(panel.db);
    return {
      wordpressRepository: repository,
      wordpressDatabases: databases,
      wordpress: createWordpressService({
        access: panel.siteAccess,
        policy: panel.policy,
        events: panel.events,
        reader: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
        repository,
        databases,
        secretBox: panel.secretBox,
        settings: panel.config.wordpress,
      }),
    };
  },
  routes: wordpressRoutesPlugin,
  tasks: (hooks, context) =>
    registerWordpressTasks(hooks, {
      repository: context.wordpressRepository,
      databases: context.wordpressDatabases,
      loadSite: context.siteAccess.loadSite,
      settings: context.config.wordpress,
    }),
  onFinished: (hooks, context) =>
    registerWordpressSiteUrl(hooks, {
      events: context.events,
      loadSite: context.siteAccess.loadSite,
      settings: context.config.wordpress,
    }),
  recipes: wordpressRecipes,
  eventDescriptions: WORDPRESS_EVENT_DESCRIPTIONS,
  messages: wordpressVi,
});
