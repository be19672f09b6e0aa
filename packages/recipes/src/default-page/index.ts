import type { Recipe } from '../recipe.js';
import { defaultPageRead, defaultPageWrite } from './default-page-recipes.js';

export * from './default-page-recipes.js';
export { InventoryFormatError } from '../inventory.js';

/** Every recipe of the default page (registered by the API's `default-page` area). */
export const defaultPageRecipes: readonly Recipe[] = [defaultPageRead, defaultPageWrite];
