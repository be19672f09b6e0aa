import { SCRIPT_EVENT_DESCRIPTIONS } from '@hostdeck/contracts';
import { scriptRecipes } from '@hostdeck/recipes/scripts';
import { defineArea } from '../area.js';
import { registerScriptRunTask } from './script-run-task.js';
import { createScriptRunsService } from './script-runs.service.js';
import { scriptsRoutes } from './scripts.routes.js';
import { createScriptsRepository } from './scripts.repository.js';
import { createScriptsService } from './scripts.service.js';
import { scriptsVi } from './scripts.vi.js';

/**
 * Custom scripts: the terminal's picker, `/user/scripts`, the `/scripts` marketplace, and running
 * a script on servers (docs/scripts.md). The administrators' review is the admin area's.
 */
export const scriptsArea = defineArea({
  name: 'scripts',
  services: (panel) => {
    const repository = createScriptsRepository(panel.db);
    return {
      scripts: createScriptsService(repository),
      scriptRuns: createScriptRunsService({ repository, policy: panel.policy, events: panel.events }),
    };
  },
  routes: scriptsRoutes,
  tasks: (hooks) => registerScriptRunTask(hooks),
  recipes: scriptRecipes,
  eventDescriptions: SCRIPT_EVENT_DESCRIPTIONS,
  messages: scriptsVi,
});
