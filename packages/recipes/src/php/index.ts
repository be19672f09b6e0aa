import type { Recipe } from '../recipe.js';
import {
  phpCli,
  phpDefault,
  phpIniRead,
  phpIniWrite,
  phpInstall,
  phpInventory,
  phpIoncube,
  phpOpcacheReset,
  phpRemove,
  phpSettingsApply,
} from './php-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export * from './php-inputs.js';
export * from './php-inventory.js';
export { phpSettingsInputSchema } from './php-recipes.js';
export {
  phpCli,
  phpDefault,
  phpIniRead,
  phpIniWrite,
  phpInstall,
  phpInventory,
  phpIoncube,
  phpOpcacheReset,
  phpRemove,
  phpSettingsApply,
};

/**
 * A server's PHP versions (apps/api/src/php): inventory, install and remove, the default and
 * command-line versions, limits and OPcache, php.ini, ionCube. The package's
 * `@hostdeck/recipes/php` subpath; the API area registers these recipes with the worker.
 */
export const phpRecipes: readonly Recipe[] = [
  phpInventory,
  phpInstall,
  phpRemove,
  phpDefault,
  phpCli,
  phpSettingsApply,
  phpOpcacheReset,
  phpIniRead,
  phpIniWrite,
  phpIoncube,
];
