import type { Recipe } from '../recipe.js';
import { databaseInventory } from './database-inventory.js';
import {
  databaseCreate,
  databaseDrop,
  databaseDump,
  databaseDumpDelete,
  databaseGrant,
  databaseUserCreate,
  databaseUserDrop,
  databaseUserPassword,
} from './database-recipes.js';
import { databaseSettings, databaseSettingsApply } from './database-settings.js';
import { phpmyadminRecipes } from './phpmyadmin.js';

export * from './phpmyadmin.js';
export { InventoryFormatError } from '../inventory.js';
export { passwordBytes, passwordHexSchema, toPasswordHex } from '../sites/site-inputs.js';
export * from './database-inputs.js';
export type { DatabaseAccessLevel, DatabaseInventory } from './database-inventory.js';
export { parseDatabaseInventory } from './database-inventory.js';
export {
  databaseCreateInputSchema,
  databaseDropInputSchema,
  databaseGrantInputSchema,
  databaseUserDropInputSchema,
  databaseUserPasswordInputSchema,
  parseDatabaseDumpOutput,
} from './database-recipes.js';
export type { DatabaseSettings } from './database-settings.js';
export {
  DATABASE_SETTINGS_LIMITS,
  databaseSettingsApplyInputSchema,
  parseDatabaseSettings,
} from './database-settings.js';
export {
  databaseCreate,
  databaseDrop,
  databaseDump,
  databaseDumpDelete,
  databaseGrant,
  databaseInventory,
  databaseSettings,
  databaseSettingsApply,
  databaseUserCreate,
  databaseUserDrop,
  databaseUserPassword,
};

/**
 * A server's databases, database users, dumps and MySQL/MariaDB settings (apps/api/src/databases),
 * and phpMyAdmin. This folder is the package's `@hostdeck/recipes/databases` subpath; the API area
 * registers these recipes with the worker.
 */
export const databaseRecipes: readonly Recipe[] = [
  databaseInventory,
  databaseCreate,
  databaseDrop,
  databaseUserCreate,
  databaseUserPassword,
  databaseUserDrop,
  databaseGrant,
  databaseDump,
  databaseDumpDelete,
  databaseSettings,
  databaseSettingsApply,
  ...phpmyadminRecipes,
];
