import { DEFAULT_PAGE_EVENT_DESCRIPTIONS, DEFAULT_PAGE_EVENT_TYPE } from '@hostdeck/contracts/default-page';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { defaultPageRecipes } from '@hostdeck/recipes/default-page';
import { defineArea } from '../area.js';
import { defaultPageRoutes } from './default-page.routes.js';
import { createDefaultPageService } from './default-page.service.js';
import { defaultPageVi } from './default-page.vi.js';
import { createServerReader } from './server-read.js';

/**
 * The server's default page (spec/000 §7: GET|POST api/servers/{server}/default-page). Its event
 * publishes `server`: the card on the server's overview reads the page under that key.
 */
export const defaultPageArea = defineArea({
  name: 'default-page',
  services: (panel) => ({
    defaultPage: createDefaultPageService({
      policy: panel.policy,
      events: panel.events,
      reader: createServerReader(panel),
    }),
  }),
  routes: defaultPageRoutes,
  onFinished: (hooks) => hooks.onFinished(DEFAULT_PAGE_EVENT_TYPE, async () => [UPDATE_KEYS.server]),
  updateKeys: [UPDATE_KEYS.server],
  recipes: defaultPageRecipes,
  eventDescriptions: DEFAULT_PAGE_EVENT_DESCRIPTIONS,
  messages: defaultPageVi,
});
