import type { Recipe } from '../recipe.js';
import { fail2banAllowList, fail2banBan, fail2banInventory, fail2banJail } from './fail2ban-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export {
  parseFail2banInventory,
  type Fail2banInventory,
  type InventoryJail,
  type InventoryManagedJail,
} from './fail2ban-inventory.js';
export { FAIL2BAN_JAIL_OPERATIONS } from './fail2ban-recipes.js';
export { fail2banAllowList, fail2banBan, fail2banInventory, fail2banJail };

/**
 * A server's Fail2Ban (apps/api/src/fail2ban): inventory, panel jails, allow-list, bans. This
 * folder is the package's `@hostdeck/recipes/fail2ban` subpath; the API area registers these
 * recipes with the worker.
 */
export const fail2banRecipes: readonly Recipe[] = [
  fail2banInventory,
  fail2banJail,
  fail2banAllowList,
  fail2banBan,
];
