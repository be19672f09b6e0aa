import type { RecipeInput } from '@hostdeck/recipes';
import type { PanelServices } from '../../composition.js';
import { createSitesRepository } from '../../sites/sites.repository.js';
import type { SiteServerRow } from '../../sites/site-access.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from '../../servers/server-errors.js';
import { CONNECT_TIMEOUT_MS, createServerRemote } from '../../servers/server-remote.js';
import { createPhpmyadminService, type PhpmyadminServiceDependencies } from './phpmyadmin.service.js';

/**
 * The phpMyAdmin service from the panel's shared ones. `findDatabaseUser` reads a row of
 * database_users with its password opened (the databases area's repository and the panel's
 * secretBox); until that table exists it is the caller's to give.
 */
export function createPhpmyadminServices(
  panel: Pick<PanelServices, 'db' | 'executor' | 'connections' | 'siteAccess' | 'events'>,
  options: Pick<PhpmyadminServiceDependencies, 'findDatabaseUser'>,
) {
  const remote = createServerRemote(panel.executor);
  const sites = createSitesRepository(panel.db);

  /** SiteAccess.runQuickRecipe for a section's recipe (that one finds base recipes by id only). */
  const runRecipe: PhpmyadminServiceDependencies['runRecipe'] = async (
    server: SiteServerRow,
    recipe,
    input,
  ) => {
    if (!server.hostKeyFingerprint) throw new ServerError(SERVER_MESSAGES.notConnected);
    let session;
    try {
      session = await remote.connect(await panel.connections.resolveTarget(server.id));
    } catch (error) {
      throw describeRemoteFailure(error, {
        host: server.ip,
        port: server.port,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        fields: false,
        keyRefusal: SERVER_MESSAGES.keyRefused,
      });
    }
    try {
      // The builder validates the input against the recipe's grammar before anything runs.
      return await remote.run(session, recipe, input as RecipeInput<typeof recipe.input>);
    } finally {
      await session.close().catch(() => {});
    }
  };

  return {
    phpmyadmin: createPhpmyadminService({
      access: panel.siteAccess,
      events: panel.events,
      hasCertificate: async (site) => (await sites.activeCertificate(site)) !== null,
      runRecipe,
      findDatabaseUser: options.findDatabaseUser,
    }),
  };
}
