import type { Recipe } from '../recipe.js';
import { wireguardInventory, wireguardPeerAdd, wireguardPeerRemove } from './wireguard-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export {
  parseWireguardInventory,
  type InventoryWireguardPeer,
  type WireguardInventory,
} from './wireguard-inventory.js';
export { wireguardInventory, wireguardPeerAdd, wireguardPeerRemove };

/**
 * WireGuard clients of a server (apps/api/src/wireguard): the inventory, and a peer added or
 * removed live and saved. This folder is the package's `@hostdeck/recipes/wireguard` subpath; the
 * API area registers these recipes with the worker.
 */
export const wireguardRecipes: readonly Recipe[] = [
  wireguardInventory,
  wireguardPeerAdd,
  wireguardPeerRemove,
];
