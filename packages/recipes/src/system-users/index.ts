import type { Recipe } from '../recipe.js';
import {
  systemUserCreate,
  systemUserDelete,
  systemUserPassword,
  systemUsersSync,
} from './system-user-recipes.js';
import { systemUsersInventory } from './system-users-inventory.js';

export { InventoryFormatError } from '../inventory.js';
export { passwordHexSchema, toPasswordHex } from '../sites/site-inputs.js';
export {
  SYSTEM_USER_SHELL_PATHS,
  shellInputSchema,
  systemUserCreateInputSchema,
} from './system-user-recipes.js';
export type { InventorySystemUser, SystemUsersInventory } from './system-users-inventory.js';
export { parseSystemUsersInventory } from './system-users-inventory.js';
export { systemUserCreate, systemUserDelete, systemUserPassword, systemUsersInventory, systemUsersSync };

/**
 * A server's system users (apps/api/src/system-users): inventory, create, password, delete, sync.
 * This folder is the package's `@hostdeck/recipes/system-users` subpath; the API area registers
 * these recipes with the worker.
 */
export const systemUserRecipes: readonly Recipe[] = [
  systemUsersInventory,
  systemUserCreate,
  systemUserPassword,
  systemUserDelete,
  systemUsersSync,
];
