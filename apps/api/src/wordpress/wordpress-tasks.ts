import { z } from 'zod';
import { toPasswordHex } from '@hostdeck/recipes/databases';
import { databaseCreate, databaseDrop, databaseUserDrop } from '@hostdeck/recipes/databases';
import { wordpressInstall, wordpressRun, wordpressUninstall } from '@hostdeck/recipes/wordpress';
import type { DatabasesRepository } from '../databases/databases.repository.js';
import { DATABASE_ROW_STATUS, withGrant } from '../databases/database-events.js';
import { eventError } from '../jobs/event-error.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import { registerSiteUninstaller } from '../site-apps/site-uninstallers.js';
import type { SiteRow } from '../sites/site-access.js';
import type { WordpressRepository } from './wordpress.repository.js';
import { wordpressSiteInput, type WordpressSettings } from './wordpress.service.js';

export const WORDPRESS_INSTALL_TASK = 'wordpress-install';
export const WORDPRESS_REVOKE_TASK = 'wordpress-revoke-logins';

const installInput = z.object({
  site_id: z.number().int().positive(),
  database_id: z.number().int().positive(),
  database_user_id: z.number().int().positive(),
  engine: z.enum(['mysql', 'mariadb']),
  name: z.string(),
  password: z.string(),
  title: z.string(),
  admin_user: z.string(),
  admin_email: z.string(),
});
export type WordpressInstallTaskInput = z.infer<typeof installInput>;

export interface WordpressTaskDependencies {
  repository: WordpressRepository;
  databases: Pick<
    DatabasesRepository,
    | 'findOnServer'
    | 'findUserOnServer'
    | 'updateDatabase'
    | 'updateUser'
    | 'deleteDatabase'
    | 'deleteUser'
    | 'listForServer'
    | 'findUserByName'
  >;
  loadSite(siteId: number): Promise<SiteRow | undefined>;
  settings: WordpressSettings;
}

/**
 * The install (one event on the site's server): the database and its user through the databases
 * area's recipe and rows (they show on the server's Databases page), then WordPress itself. The
 * rows become active once the server made them; a failure before that removes them. A failed
 * install clears the site's code type again, so it can be tried again.
 */
export function registerWordpressTasks(hooks: EventHooks, dependencies: WordpressTaskDependencies) {
  const { repository, databases, settings } = dependencies;

  /**
   * DELETE api/sites/{site}/uninstall of a WordPress site (docs/wordpress.md): the panel's cron
   * line and must-use plugin go, WordPress keeps serving with its files and database. With
   * delete_data its files go, then the database and user the install made (`wp_<site>_<hex>`,
   * linked to the site), from the server and from the panel's rows.
   */
  registerSiteUninstaller('wordpress', async ({ context, site, deleteData }) => {
    await context.runRecipe(wordpressUninstall, {
      site: site.name,
      linux_user: site.linuxUser,
      delete_data: deleteData,
    });
    if (!deleteData) return;
    const made = new RegExp(`^wp_${site.id}_[0-9a-f]{6}$`);
    const owned = (await databases.listForServer(site.serverId)).filter(
      (row) =>
        row.siteId === site.id && made.test(row.name) && (row.type === 'mariadb' || row.type === 'mysql'),
    );
    for (const database of owned) {
      const engine = database.type === 'mysql' ? 'mysql' : 'mariadb';
      context.write(`\n==> Drop the database ${database.name} and its user\n`);
      await context.runRecipe(databaseDrop, { engine, name: database.name });
      await databases.deleteDatabase(database.id);
      const user = await databases.findUserByName(site.serverId, database.type, database.name, 'localhost');
      if (user) {
        await context.runRecipe(databaseUserDrop, { engine, name: user.name, host: 'localhost' });
        await databases.deleteUser(user.id);
      }
    }
  });

  hooks.registerTask(WORDPRESS_INSTALL_TASK, async (context) => {
    const input = installInput.parse(context.input);
    const site = await dependencies.loadSite(input.site_id);
    if (!site || site.serverId !== context.event.serverId) throw eventError('deploymentGone');
    const serverId = site.serverId;
    try {
      context.write(`==> Create the database ${input.name} and its user\n`);
      try {
        await context.runRecipe(databaseCreate, {
          engine: input.engine,
          name: input.name,
          user: input.name,
          host: 'localhost',
          password_hex: toPasswordHex(input.password),
        });
      } catch (error) {
        const database = await databases.findOnServer(serverId, input.database_id);
        if (database?.status === DATABASE_ROW_STATUS.creating) await databases.deleteDatabase(database.id);
        const user = await databases.findUserOnServer(serverId, input.database_user_id);
        if (user?.status === DATABASE_ROW_STATUS.creating) await databases.deleteUser(user.id);
        throw error;
      }
      await databases.updateDatabase(input.database_id, { status: DATABASE_ROW_STATUS.active });
      const user = await databases.findUserOnServer(serverId, input.database_user_id);
      if (user) {
        await databases.updateUser(user.id, {
          status: DATABASE_ROW_STATUS.active,
          grants: withGrant(user.grants, input.name, 'all'),
        });
      }
      context.write(`\n==> Install WordPress on ${site.name}\n`);
      await context.runRecipe(wordpressInstall, {
        ...wordpressSiteInput(site, settings),
        download_url: settings.downloadUrl,
        ...(settings.sha256 ? { sha256: settings.sha256 } : {}),
        database: input.name,
        database_user: input.name,
        database_password: input.password,
        title: input.title,
        admin_user: input.admin_user,
        admin_email: input.admin_email,
      });
    } catch (error) {
      await repository.setCodeType(site.id, null);
      throw error;
    }
  });

  hooks.registerTask(WORDPRESS_REVOKE_TASK, async (context) => {
    const serverId = context.event.serverId;
    if (serverId === null) return;
    for (const site of await repository.sitesOnServer(serverId)) {
      if (!site.phpVersion) continue;
      context.write(`==> Revoke the sign-in links of ${site.name}\n`);
      await context.runRecipe(wordpressRun, {
        ...wordpressSiteInput(site, settings),
        action: 'login-revoke',
      });
    }
  });
}
