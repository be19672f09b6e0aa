import type { Recipe } from '../recipe.js';
import { privateNetworkJoin, privateNetworkLeave, privateNetworkPeers } from './private-network-recipes.js';

export {
  PRIVATE_NETWORK_KEY_LINE,
  parsePrivateNetworkPublicKey,
  privateNetworkUfwComment,
} from './private-network-recipes.js';
export { privateNetworkJoin, privateNetworkLeave, privateNetworkPeers };

/**
 * Private networks between one account's servers (apps/api/src/private-networks): join, peers and
 * leave. This folder is the package's `@hostdeck/recipes/private-networks` subpath.
 */
export const privateNetworkRecipes: readonly Recipe[] = [
  privateNetworkJoin,
  privateNetworkPeers,
  privateNetworkLeave,
];
