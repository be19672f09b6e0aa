import { ERROR_IDS } from '@hostdeck/contracts';
import type { ROUNDCUBE_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/roundcube';
import { ROUNDCUBE_INSTALL_EVENT_TYPE, ROUNDCUBE_MESSAGES } from '@hostdeck/contracts/roundcube';
import { roundcubeInstall } from '@hostdeck/recipes/roundcube';
import { DomainError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { Caller } from '../policy/server-policy.js';
import type { SiteAccess } from '../sites/site-access.js';

/** A request the site cannot serve as it is (422, shown as the message). */
export class RoundcubeError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
}

export interface RoundcubeServiceDependencies {
  access: Pick<SiteAccess, 'authorize'>;
  events: Pick<EventsService, 'startRecipe'>;
}

const INSTALL_DESCRIPTION: keyof typeof ROUNDCUBE_EVENT_DESCRIPTIONS = 'installRoundcube';

/**
 * Roundcube for a site (issue 19, point 4): the install is an event running the recipe
 * `roundcube-install` (packages/recipes/src/roundcube: Debian's packages, their own pool, the
 * site's include). Its end marks the site's code_type (roundcube-events.ts). Sign-in is Roundcube's
 * own form, with a mail account of the server (IMAP on localhost).
 */
export function createRoundcubeService({ access, events }: RoundcubeServiceDependencies) {
  return {
    /** POST api/sites/{site}/code/roundcube: installs (or upgrades) it and serves it on the site. */
    async install(caller: Caller, siteId: number) {
      const { site, server } = await access.authorize(caller, siteId, 'manage');
      if (site.siteId !== null) throw new RoundcubeError(ROUNDCUBE_MESSAGES.alias);
      if (site.status !== 'active') throw new RoundcubeError(ROUNDCUBE_MESSAGES.notReady);
      const phpVersion = site.phpVersion ?? server.defaultPhp;
      if (!phpVersion) throw new RoundcubeError(ROUNDCUBE_MESSAGES.noPhp);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: server.id,
        server,
        siteId: site.id,
        recipeId: roundcubeInstall.id,
        input: {
          site: site.name,
          web_server: site.webServer === 'apache2' ? 'apache2' : 'nginx',
          php_version: phpVersion,
        },
        type: ROUNDCUBE_INSTALL_EVENT_TYPE,
        description: { id: INSTALL_DESCRIPTION, values: { site: site.name } },
      });
      return { data: { id: event.id } };
    },
  };
}
export type RoundcubeService = ReturnType<typeof createRoundcubeService>;
