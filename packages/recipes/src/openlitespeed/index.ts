import type { Recipe } from '../recipe.js';
import {
  openlitespeedAdminPassword,
  openlitespeedInventory,
  openlitespeedPhpIniRead,
  openlitespeedPhpIniWrite,
  openlitespeedRestart,
} from './openlitespeed-recipes.js';

export * from './openlitespeed-recipes.js';
export { InventoryFormatError } from '../inventory.js';

/** Every recipe of the OpenLiteSpeed section (registered by the API's `openlitespeed` area). */
export const openlitespeedRecipes: readonly Recipe[] = [
  openlitespeedInventory,
  openlitespeedPhpIniRead,
  openlitespeedPhpIniWrite,
  openlitespeedAdminPassword,
  openlitespeedRestart,
];
