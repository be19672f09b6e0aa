import type { Recipe } from '../recipe.js';
import { customScriptRun } from './custom-script-run.js';

export { customScriptRun };

/** Custom scripts run on servers (apps/api/src/scripts); the `@hostdeck/recipes/scripts` subpath. */
export const scriptRecipes: readonly Recipe[] = [customScriptRun];
