import type { Recipe } from '../recipe.js';
import { scheduleInventory, scheduleRuns } from './schedule-inventory.js';
import { scheduleAdopt, scheduleApply, scheduleDelete, scheduleRun } from './schedule-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export * from './schedule-inventory.js';
export * from './schedule-recipes.js';

/**
 * A server's cron jobs (apps/api/src/schedules). This folder is the package's
 * `@hostdeck/recipes/schedules` subpath; the API area registers these recipes with the worker.
 */
export const scheduleRecipes: readonly Recipe[] = [
  scheduleInventory,
  scheduleRuns,
  scheduleApply,
  scheduleDelete,
  scheduleRun,
  scheduleAdopt,
];
