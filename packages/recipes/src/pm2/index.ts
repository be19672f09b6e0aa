import type { Recipe } from '../recipe.js';
import { pm2Inventory } from './pm2-inventory.js';
import { pm2AppControl, pm2AppCreate, pm2Logs } from './pm2-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export type { Pm2Inventory, Pm2Process } from './pm2-inventory.js';
export { parsePm2Inventory, parsePm2Logs } from './pm2-inventory.js';
export { PM2_CONTROL_ACTIONS } from './pm2-recipes.js';
export { pm2AppControl, pm2AppCreate, pm2Inventory, pm2Logs };

/**
 * PM2 of each system user (apps/api/src/pm2, docs/pm2.md). This folder is the package's
 * `@hostdeck/recipes/pm2` subpath; the API area registers these recipes with the worker.
 */
export const pm2Recipes: readonly Recipe[] = [pm2Inventory, pm2AppCreate, pm2AppControl, pm2Logs];
