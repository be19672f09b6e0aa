import { OLS_EVENT_DESCRIPTIONS, OLS_EVENT_PREFIX } from '@hostdeck/contracts/openlitespeed';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { openlitespeedRecipes } from '@hostdeck/recipes/openlitespeed';
import { applicationsRecipeSection } from '../applications/applications.section.js';
import { defineArea } from '../area.js';
import { createServerReader } from '../default-page/server-read.js';
import { createRecipeSectionService } from '../server-sections/section-area.js';
import { openlitespeedRoutes } from './openlitespeed.routes.js';
import { createOpenlitespeedService, type ApplicationInstaller } from './openlitespeed.service.js';
import { openlitespeedVi } from './openlitespeed.vi.js';

/**
 * OpenLiteSpeed (spec/000 §7: api/servers/{server}/openlitespeed…). Its install is Applications'
 * own section action (an `application_install` event); its other events publish `applications`,
 * the key the page's queries start with, as Applications' do.
 */
export const openlitespeedArea = defineArea({
  name: 'openlitespeed',
  services: (panel) => ({
    openlitespeed: createOpenlitespeedService({
      policy: panel.policy,
      events: panel.events,
      reader: createServerReader(panel),
      applications: createRecipeSectionService(
        applicationsRecipeSection,
        panel,
      ) as unknown as ApplicationInstaller,
    }),
  }),
  routes: openlitespeedRoutes,
  onFinished: (hooks) => hooks.onFinished(OLS_EVENT_PREFIX, async () => [UPDATE_KEYS.applications]),
  updateKeys: [UPDATE_KEYS.applications],
  // The install's recipe is Applications' (registered by its area).
  recipes: openlitespeedRecipes,
  eventDescriptions: OLS_EVENT_DESCRIPTIONS,
  messages: openlitespeedVi,
});
