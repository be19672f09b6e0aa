import { EVENT_STATUS, UPDATE_KEYS } from '@hostdeck/contracts';
import { WORDPRESS_EVENT_TYPES } from '@hostdeck/contracts/wordpress';
import { wordpressRun } from '@hostdeck/recipes/wordpress';
import type { EventsService } from '../events/events.service.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { SiteRow } from '../sites/site-access.js';
import { wordpressSiteInput, type WordpressSettings } from './wordpress.service.js';

/** Every event of the certificates area (issue, renew, activate, deactivate, delete). */
const CERTIFICATE_EVENT_PREFIX = 'certificate_';

/**
 * A WordPress site follows its own URL (docs/wordpress.md, "Site URL"). A site's domain never
 * changes in this panel, but its scheme does: when a certificate event of a WordPress site ends,
 * one event on the site's server sets WordPress's home URL, and every link to it in the database,
 * to the site's URL (https with an active certificate, http without). The tool writes nothing when
 * they already match, so a renewal only records a quick event.
 */
export function registerWordpressSiteUrl(
  hooks: EventHooks,
  dependencies: {
    events: Pick<EventsService, 'startRecipe'>;
    loadSite(siteId: number): Promise<SiteRow | undefined>;
    settings: WordpressSettings;
  },
) {
  hooks.onFinished(CERTIFICATE_EVENT_PREFIX, async (event) => {
    if (event.status !== EVENT_STATUS.finished || event.siteId === null || event.userId === null) return;
    const site = await dependencies.loadSite(event.siteId);
    if (!site || site.codeType !== 'wordpress' || site.serverId !== event.serverId) return;
    const input = { ...wordpressSiteInput(site, dependencies.settings), action: 'site-url' as const };
    await dependencies.events.startRecipe({
      userId: event.userId,
      serverId: site.serverId,
      recipeId: wordpressRun.id,
      input,
      type: WORDPRESS_EVENT_TYPES.maintenance,
      description: { id: 'wordpressSiteUrl' as never, values: { site: site.name, url: input.url } },
      siteId: site.id,
    });
    return [UPDATE_KEYS.site];
  });
}
