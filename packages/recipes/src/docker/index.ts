import type { Recipe } from '../recipe.js';
import { dockerLogRotation, dockerSettingsInventory, dockerVolumeClone } from './docker-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export { parseDockerSettingsInventory, type DockerSettingsInventory } from './docker-recipes.js';
export { dockerLogRotation, dockerSettingsInventory, dockerVolumeClone };

/**
 * Docker's shell work (apps/api/src/docker): a volume clone, the daemon's log rotation, and the
 * read of its settings. Everything else goes through the Engine API. This folder is the package's
 * `@hostdeck/recipes/docker` subpath; the API area registers these recipes with the worker.
 */
export const dockerRecipes: readonly Recipe[] = [
  dockerVolumeClone,
  dockerLogRotation,
  dockerSettingsInventory,
];
