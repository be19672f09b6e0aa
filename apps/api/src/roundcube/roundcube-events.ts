import { EVENT_STATUS, UPDATE_KEYS } from '@hostdeck/contracts';
import { ROUNDCUBE_CODE_TYPE, ROUNDCUBE_INSTALL_EVENT_TYPE } from '@hostdeck/contracts/roundcube';
import type { Database } from '../database/database.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import { createSitesRepository } from '../sites/sites.repository.js';

/**
 * A finished Roundcube install marks its site (code_type `roundcube`): the site pages then link
 * to its /roundcube/. A failed install leaves the site as it was. Browsers reload the site and the
 * sites lists.
 */
export function registerRoundcubeInstalled(hooks: Pick<EventHooks, 'onFinished'>, db: Database) {
  const sites = createSitesRepository(db);
  hooks.onFinished(ROUNDCUBE_INSTALL_EVENT_TYPE, async (event) => {
    if (event.type !== ROUNDCUBE_INSTALL_EVENT_TYPE || event.siteId === null) return [];
    if (event.status !== EVENT_STATUS.finished) return [];
    const site = await sites.findById(event.siteId);
    if (!site || site.serverId !== event.serverId) return [];
    await sites.update(site.id, { codeType: ROUNDCUBE_CODE_TYPE });
    return [UPDATE_KEYS.site, UPDATE_KEYS.sites];
  });
}
