import type { Recipe } from '../recipe.js';
import { firewall8gDisable, firewall8gEnable } from './firewall-8g-recipes.js';

export * from './firewall-8g-recipes.js';

/** Every recipe of the 8G firewall (registered by the API's `firewall-8g` area). */
export const firewall8gRecipes: readonly Recipe[] = [firewall8gEnable, firewall8gDisable];
