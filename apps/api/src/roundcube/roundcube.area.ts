import { ROUNDCUBE_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/roundcube';
import { roundcubeRecipes } from '@hostdeck/recipes/roundcube';
import { defineArea } from '../area.js';
import { registerRoundcubeInstalled } from './roundcube-events.js';
import { roundcubeRoutes } from './roundcube.routes.js';
import { createRoundcubeService, type RoundcubeService } from './roundcube.service.js';
import { roundcubeVi } from './roundcube.vi.js';

export interface RoundcubeAreaServices {
  roundcube: RoundcubeService;
}

/**
 * Roundcube webmail as a site code install (spec/000 §7 `roundcube`, issue 19): Debian's packages
 * served at /roundcube/ of the site from a pool of their own, signing in with a mail account over
 * IMAP on localhost. docs/roundcube.md.
 */
export const roundcubeArea = defineArea<RoundcubeAreaServices>({
  name: 'roundcube',
  services: (panel) => ({
    roundcube: createRoundcubeService({ access: panel.siteAccess, events: panel.events }),
  }),
  routes: roundcubeRoutes,
  onFinished: (hooks, { db }) => registerRoundcubeInstalled(hooks, db),
  recipes: roundcubeRecipes,
  eventDescriptions: ROUNDCUBE_EVENT_DESCRIPTIONS,
  messages: roundcubeVi,
});
