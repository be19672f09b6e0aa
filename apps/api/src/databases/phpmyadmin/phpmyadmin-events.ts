import { EVENT_STATUS, UPDATE_KEYS } from '@hostdeck/contracts';
import { PHPMYADMIN_INSTALL_EVENT_TYPE } from '@hostdeck/contracts/phpmyadmin';
import type { Database } from '../../database/database.js';
import type { EventHooks } from '../../jobs/event-hooks.js';
import { createSitesRepository } from '../../sites/sites.repository.js';

/** sites.code_type of a site that serves phpMyAdmin (spec/000 §3 Site code_type). */
export const PHPMYADMIN_CODE_TYPE = 'phpmyadmin';

/**
 * A finished phpMyAdmin install marks its site (code_type `phpmyadmin`), which is how the
 * database pages know where "Open phpMyAdmin" signs in. A failed install leaves the site as it
 * was. Browsers reload the site and the sites lists.
 */
export function registerPhpmyadminInstalled(hooks: Pick<EventHooks, 'onFinished'>, db: Database) {
  const sites = createSitesRepository(db);
  hooks.onFinished(PHPMYADMIN_INSTALL_EVENT_TYPE, async (event) => {
    if (event.type !== PHPMYADMIN_INSTALL_EVENT_TYPE || event.siteId === null) return [];
    if (event.status !== EVENT_STATUS.finished) return [];
    const site = await sites.findById(event.siteId);
    if (!site || site.serverId !== event.serverId) return [];
    await sites.update(site.id, { codeType: PHPMYADMIN_CODE_TYPE });
    return [UPDATE_KEYS.site, UPDATE_KEYS.sites];
  });
}
