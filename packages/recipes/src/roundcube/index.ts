import type { Recipe } from '../recipe.js';
import { roundcubeInstall, roundcubeInstallInputSchema } from './roundcube.js';

export { roundcubeInstall, roundcubeInstallInputSchema };

/**
 * Roundcube (apps/api/src/roundcube): the site code install. This folder is the package's
 * `@hostdeck/recipes/roundcube` subpath; the API area registers these recipes with the worker.
 */
export const roundcubeRecipes: readonly Recipe[] = [roundcubeInstall];
