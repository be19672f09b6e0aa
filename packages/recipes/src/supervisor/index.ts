import type { Recipe } from '../recipe.js';
import {
  supervisorControl,
  supervisorDelete,
  supervisorInventory,
  supervisorLog,
  supervisorSave,
} from './supervisor-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export {
  SUPERVISOR_CONF_DIR,
  SUPERVISOR_LOG_BACKUPS,
  SUPERVISOR_LOG_DIR,
  SUPERVISOR_LOG_MAX_BYTES,
  SUPERVISOR_MARKER,
  renderSupervisorProgram,
  type SupervisorProgramInput,
} from './supervisor-recipes.js';
export { parseSupervisorInventory, programState, type SupervisorInventory } from './supervisor-inventory.js';
export { supervisorControl, supervisorDelete, supervisorInventory, supervisorLog, supervisorSave };

/**
 * A server's Supervisor programs (apps/api/src/supervisor): inventory, save (create or update),
 * delete, control (start, stop, restart, clear-log) and log. The `@hostdeck/recipes/supervisor`
 * subpath; the API area registers these recipes with the worker.
 */
export const supervisorRecipes: readonly Recipe[] = [
  supervisorInventory,
  supervisorSave,
  supervisorDelete,
  supervisorControl,
  supervisorLog,
];
