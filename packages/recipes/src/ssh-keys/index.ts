import type { Recipe } from '../recipe.js';
import { sshKeyGithub, sshKeysAdd, sshKeysInventory, sshKeysRemove } from './ssh-key-recipes.js';

export { InventoryFormatError } from '../inventory.js';
export { PANEL_KEY_COMMENT_PREFIX, sshKeyUsersSchema } from '@hostdeck/contracts/ssh-keys';
export {
  parseAuthorizedKeyLine,
  parseGithubKey,
  parseSshKeysInventory,
  type AuthorizedKey,
  type SshKeysInventory,
} from './ssh-keys-inventory.js';
export { sshKeyGithub, sshKeysAdd, sshKeysInventory, sshKeysRemove };

/**
 * SSH keys on a server (apps/api/src/ssh-keys; account keys use sshKeysAdd/sshKeysRemove too).
 * This folder is the package's `@hostdeck/recipes/ssh-keys` subpath.
 */
export const sshKeyRecipes: readonly Recipe[] = [sshKeysInventory, sshKeysAdd, sshKeysRemove, sshKeyGithub];
