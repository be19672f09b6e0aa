import type { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';

/**
 * Roundcube webmail on a site (spec/000 §7 Sites: `roundcube` code install; issue 19 point 4):
 * Debian's roundcube packages, served at /roundcube/ of the site, signing in with a mail account
 * over IMAP on the server itself. Import as `@hostdeck/contracts/roundcube`. docs/roundcube.md.
 */
export const ROUNDCUBE_MESSAGES = {
  alias: 'Roundcube is installed on the parent site, not on an alias',
  notReady: 'The site is not ready yet',
  noPhp: 'PHP is not installed on this server',
} as const;

/** The event of an install. */
export const ROUNDCUBE_INSTALL_EVENT_TYPE = 'install_roundcube';

/** sites.code_type of a site that serves Roundcube (spec/000 §3 Site code_type). */
export const ROUNDCUBE_CODE_TYPE = 'roundcube';

/** Where the site serves Roundcube. */
export const ROUNDCUBE_PATH = '/roundcube/';

export const ROUNDCUBE_EVENT_DESCRIPTIONS = defineEventDescriptions({
  installRoundcube: 'Install Roundcube on {site}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    roundcube: typeof ROUNDCUBE_EVENT_DESCRIPTIONS;
  }
}

export const roundcubeRouteContracts = defineRoutes({
  install: {
    method: 'POST',
    path: '/api/sites/:site/code/roundcube',
    response: startedEventResponseSchema,
  },
});

/** The install answers the started event: `{ data: { id } }`. */
export type RoundcubeInstallResponse = z.infer<typeof startedEventResponseSchema>;
