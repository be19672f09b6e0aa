import type { Recipe } from '../recipe.js';
import { n8nAction, n8nInstall, n8nRead, n8nUninstall, n8nUpgrade } from './n8n-recipes.js';

export {
  DEFAULT_N8N_NPM_REGISTRY,
  N8N_NODE_DIR,
  n8nBackupDir,
  n8nEnvironmentPath,
  n8nHome,
  n8nIncludePath,
  n8nPort,
  n8nUnitName,
} from './n8n-recipes.js';
export { n8nAction, n8nInstall, n8nRead, n8nUninstall, n8nUpgrade };

/**
 * n8n on a site (apps/api/src/n8n, docs/n8n.md): install, upgrade, the §7 calls, the reads and
 * the uninstall.
 * This folder is the package's `@hostdeck/recipes/n8n` subpath.
 */
export const n8nRecipes: readonly Recipe[] = [n8nInstall, n8nUpgrade, n8nAction, n8nRead, n8nUninstall];
