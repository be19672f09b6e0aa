import type { Recipe } from '../recipe.js';
import {
  wordpressCoreUpdate,
  wordpressInstall,
  wordpressRun,
  wordpressUninstall,
} from './wordpress-recipes.js';

export { parseWordpressOutput, WORDPRESS_ACTIONS } from './wordpress-recipes.js';
export { wordpressCoreUpdate, wordpressInstall, wordpressRun, wordpressUninstall };

/**
 * WordPress on a site (apps/api/src/wordpress): install, and the panel's tool run as the site user.
 * This folder is the package's `@hostdeck/recipes/wordpress` subpath.
 */
export const wordpressRecipes: readonly Recipe[] = [
  wordpressInstall,
  wordpressRun,
  wordpressCoreUpdate,
  wordpressUninstall,
];
