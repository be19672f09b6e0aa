import type { Recipe } from '../recipe.js';
import { mtproxyApply, mtproxyLog, mtproxyService, mtproxyStatus } from './mtproxy-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export { parseMtproxyLog, parseMtproxyStatus, type MtproxyServerStatus } from './mtproxy-status.js';
export { mtproxyApply, mtproxyLog, mtproxyService, mtproxyStatus };

/**
 * MTProxy (apps/api/src/mtproxy): mtg installed and configured, its service, its status and its
 * log. This folder is the package's `@hostdeck/recipes/mtproxy` subpath; the API area registers
 * these recipes with the worker.
 */
export const mtproxyRecipes: readonly Recipe[] = [mtproxyApply, mtproxyService, mtproxyStatus, mtproxyLog];
