import type { Recipe } from '../recipe.js';
import {
  firewallInventory,
  firewallRuleCreate,
  firewallRuleDelete,
  firewallSync,
} from './firewall-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export {
  isLockedRule,
  managedRuleName,
  parseFirewallInventory,
  type FirewallInventory,
  type InventoryFirewallRule,
  type InventoryListeningPort,
} from './firewall-inventory.js';
export { ufwProtocols } from './firewall-recipes.js';
export { firewallInventory, firewallRuleCreate, firewallRuleDelete, firewallSync };

/**
 * A server's firewall, ufw (apps/api/src/firewall): inventory, and create, delete and sync, each a
 * safe apply (docs/safe-apply.md). This folder is the package's `@hostdeck/recipes/firewall`
 * subpath; the API area registers these recipes with the worker.
 */
export const firewallRecipes: readonly Recipe[] = [
  firewallInventory,
  firewallRuleCreate,
  firewallRuleDelete,
  firewallSync,
];
