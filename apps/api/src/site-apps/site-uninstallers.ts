import { siteApply } from '@hostdeck/recipes';
import { siteAppUninstall, siteCodeGitUninstall } from '@hostdeck/recipes/site-apps';
import { SITE_APP_IDS } from '@hostdeck/contracts/site-apps';
import type { Database } from '../database/database.js';
import type { EventTaskContext } from '../jobs/event-hooks.js';
import type { SiteRow } from '../sites/site-access.js';
import { buildSiteApplyInput } from '../sites/site-state.js';
import type { SiteAppsRepository } from './site-apps.repository.js';

/** What an uninstaller gets: the event's task context, the site as it is, and the user's choice. */
export interface SiteUninstallRequest {
  context: EventTaskContext;
  site: SiteRow;
  deleteData: boolean;
  db: Database;
}

/**
 * Removes a code type's code from a site (DELETE api/sites/{site}/uninstall, docs/site-apps.md);
 * its data stays unless `deleteData`. When it resolves, the uninstall task clears `code_type`.
 */
export type SiteUninstaller = (request: SiteUninstallRequest) => Promise<void>;

/**
 * The uninstallers by code type. Another area registers its own with one line, e.g. in its
 * `tasks` hook: `registerSiteUninstaller('wordpress', (request) => uninstallWordpress(request));`
 * A code type without one answers 409 (`SITE_APP_MESSAGES.noUninstall`).
 */
const uninstallers = new Map<string, SiteUninstaller>();

export function registerSiteUninstaller(codeType: string, uninstaller: SiteUninstaller): void {
  uninstallers.set(codeType, uninstaller);
}

export function siteUninstallerFor(codeType: string): SiteUninstaller | undefined {
  return uninstallers.get(codeType);
}

/**
 * The git code types (github, gitlab, bitbucket, git): the site stops deploying (repository,
 * branch, auto deploy and deploy key cleared, the key file removed from the server); the deployed
 * code keeps serving. With `deleteData` the releases, `current` and `shared/` are deleted and the
 * vhost serves the site's own folder again (site-apply without releases).
 */
export function registerGitUninstallers(repository: SiteAppsRepository): void {
  const uninstallGit: SiteUninstaller = async ({ context, site, deleteData, db }) => {
    await context.runRecipe(siteCodeGitUninstall, {
      site: site.name,
      linux_user: site.linuxUser,
      delete_data: deleteData,
    });
    if (deleteData && site.currentRelease !== null) {
      context.write('\n==> Serve the site from its own folder\n');
      await context.runRecipe(siteApply, await buildSiteApplyInput(db, site, { releases: false }));
    }
    await repository.detachRepository(site.id, { resetRelease: deleteData });
  };
  for (const codeType of ['github', 'gitlab', 'bitbucket', 'git'])
    registerSiteUninstaller(codeType, uninstallGit);
}

/** The catalogue's apps: one recipe for all of them (unit, container, proxy include, code; data kept). */
export function registerAppUninstallers(): void {
  const uninstallApp: SiteUninstaller = async ({ context, site, deleteData }) => {
    await context.runRecipe(siteAppUninstall, {
      site: site.name,
      linux_user: site.linuxUser,
      delete_data: deleteData,
    });
  };
  for (const app of SITE_APP_IDS) registerSiteUninstaller(app, uninstallApp);
}
