import { N8N_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/n8n';
import { n8nRecipes, n8nUninstall } from '@hostdeck/recipes/n8n';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createDeploymentsRepository } from '../deployments/deployments.repository.js';
import { registerSiteUninstaller } from '../site-apps/site-uninstallers.js';
import { n8nRoutes } from './n8n.routes.js';
import { createN8nService } from './n8n.service.js';
import { n8nVi } from './n8n.vi.js';

/**
 * n8n on a site (issue 21 point 4; spec/000 §7 code install n8n and the n8n calls): a pinned n8n
 * as the site's user behind the site's nginx vhost. docs/n8n.md.
 */
export const n8nArea = defineArea({
  name: 'n8n',
  services: (panel) => ({
    n8n: createN8nService({
      access: panel.siteAccess,
      reader: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      events: panel.events,
      repository: createDeploymentsRepository(panel.db),
      sources: { nodeUrl: panel.config.n8nNodeUrl, npmRegistry: panel.config.n8nNpmRegistry },
    }),
  }),
  routes: n8nRoutes,
  // DELETE api/sites/{site}/uninstall: include, unit, environment and n8n go; `.n8n` stays unless delete_data.
  tasks: () =>
    registerSiteUninstaller('n8n', async ({ context, site, deleteData }) => {
      await context.runRecipe(n8nUninstall, {
        site: site.name,
        linux_user: site.linuxUser,
        delete_data: deleteData,
      });
    }),
  recipes: n8nRecipes,
  eventDescriptions: N8N_EVENT_DESCRIPTIONS,
  messages: n8nVi,
});
