import type { Recipe } from '../recipe.js';
import { sshConfig, sshInventory } from './ssh-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export {
  SSHD_DROP_IN_HEADER,
  parseSshInventory,
  renderSshdDropIn,
  sshConfig,
  sshInventory,
  type SshInventory,
} from './ssh-recipes.js';

/**
 * The server's sshd settings (apps/api/src/ssh): inventory and the safe-apply change. This folder
 * is the package's `@hostdeck/recipes/ssh` subpath; the API area registers these recipes.
 */
export const sshRecipes: readonly Recipe[] = [sshInventory, sshConfig];
