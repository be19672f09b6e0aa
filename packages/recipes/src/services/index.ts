import type { Recipe } from '../recipe.js';
import { serviceInventory } from './service-inventory.js';
import {
  serviceAction,
  serviceCreate,
  serviceDelete,
  serviceStatus,
  serviceSync,
} from './service-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export type { InventoryService } from './service-inventory.js';
export { parseServiceInventory } from './service-inventory.js';
export { renderServiceUnit, type ServiceUnitFields } from './service-unit.js';
export { serviceAction, serviceCreate, serviceDelete, serviceInventory, serviceStatus, serviceSync };

/** Splits the status recipe's output: `systemctl status`, then the journal after its line. */
export function parseServiceStatus(stdout: string): { status: string; journal: string } {
  const marker = '\n--- journal ---\n';
  const at = stdout.indexOf(marker);
  if (at === -1) {
    if (stdout.startsWith('--- journal ---\n')) return { status: '', journal: stdout.slice(16).trimEnd() };
    return { status: stdout.trimEnd(), journal: '' };
  }
  return { status: stdout.slice(0, at).trimEnd(), journal: stdout.slice(at + marker.length).trimEnd() };
}

/**
 * A server's systemd services (apps/api/src/services): inventory, status, start|stop|restart|
 * enable|disable, create, delete, sync. This folder is the package's `@hostdeck/recipes/services`
 * subpath; the API area registers these recipes with the worker.
 */
export const serviceRecipes: readonly Recipe[] = [
  serviceInventory,
  serviceStatus,
  serviceAction,
  serviceCreate,
  serviceDelete,
  serviceSync,
];
