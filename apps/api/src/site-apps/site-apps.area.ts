import { SITE_APP_EVENT_TYPES, SITE_APPS_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/site-apps';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { siteAppsRecipes } from '@hostdeck/recipes/site-apps';
import { z } from 'zod';
import { defineArea } from '../area.js';
import { createSiteAppsRepository } from './site-apps.repository.js';
import { siteAppsRoutesPlugin } from './site-apps.routes.js';
import { createSiteAppsService, SITE_UNINSTALL_TASK } from './site-apps.service.js';
import { siteAppsVi } from './site-apps.vi.js';
import { registerAppUninstallers, registerGitUninstallers, siteUninstallerFor } from './site-uninstallers.js';

const uninstallInput = z.object({ site_id: z.number().int(), delete_data: z.boolean() });

/**
 * The app catalogue of a site (issue 21 point 5; spec/000 §7 code install for uptime-kuma,
 * chatwoot and imunifyav, uninstall DELETE, tiny-file-manager DELETE). docs/site-apps.md.
 */
export const siteAppsArea = defineArea({
  name: 'site-apps',
  services: (panel) => {
    const repository = createSiteAppsRepository(panel.db);
    return {
      siteAppsRepository: repository,
      siteApps: createSiteAppsService({
        access: panel.siteAccess,
        events: panel.events,
        repository,
        sources: panel.config.siteAppSources,
        checksums: panel.config.siteAppChecksums,
      }),
    };
  },
  routes: siteAppsRoutesPlugin,
  tasks: (hooks, context) => {
    registerGitUninstallers(context.siteAppsRepository);
    registerAppUninstallers();
    hooks.registerTask(SITE_UNINSTALL_TASK, async (task) => {
      const { site_id: siteId, delete_data: deleteData } = uninstallInput.parse(task.input);
      const site = await context.siteAccess.loadSite(siteId);
      if (!site?.codeType) return;
      const uninstaller = siteUninstallerFor(site.codeType);
      if (!uninstaller) throw new Error(`no uninstaller for the code type ${site.codeType}`);
      await uninstaller({ context: task, site, deleteData, db: context.db });
      await context.siteAppsRepository.setCodeType(site.id, null);
    });
  },
  onFinished: (hooks, context) => {
    // A failed install leaves no code type: Install shows again and runs the idempotent recipe.
    hooks.onFinished(SITE_APP_EVENT_TYPES.install, async (event) => {
      if (event.status !== 'FINISHED' && event.siteId !== null)
        await context.siteAppsRepository.setCodeType(event.siteId, null);
      return [UPDATE_KEYS.sites, UPDATE_KEYS.site];
    });
    hooks.onFinished(SITE_APP_EVENT_TYPES.uninstall, async () => [UPDATE_KEYS.sites, UPDATE_KEYS.site]);
  },
  recipes: siteAppsRecipes,
  eventDescriptions: SITE_APPS_EVENT_DESCRIPTIONS,
  messages: siteAppsVi,
});
