import { defineArea } from '../area.js';
import { scriptsRoutes } from './scripts.routes.js';
import { createScriptsRepository } from './scripts.repository.js';
import { createScriptsService } from './scripts.service.js';

/** The terminal's custom scripts: the shared ones and the caller's own. */
export const scriptsArea = defineArea({
  name: 'scripts',
  services: (panel) => ({ scripts: createScriptsService(createScriptsRepository(panel.db)) }),
  routes: scriptsRoutes,
});
