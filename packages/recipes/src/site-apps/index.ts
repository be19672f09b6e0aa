import type { Recipe } from '../recipe.js';
import {
  siteAppInstall,
  siteAppResources,
  siteAppUninstall,
  siteCodeGitUninstall,
  siteTinyFileManagerRemove,
} from './site-apps-recipes.js';

export {
  siteAppEnvironmentFile,
  siteAppIncludePath,
  siteAppRoot,
  siteAppContainerName,
  siteAppNetwork,
  siteAppUnitName,
  siteAppUnitsFile,
  type SiteAppContainerInput,
  TINY_FILE_MANAGER_FILE,
  TINY_FILE_MANAGER_MARKER,
} from './site-apps-recipes.js';
export {
  siteAppInstall,
  siteAppResources,
  siteAppUninstall,
  siteCodeGitUninstall,
  siteTinyFileManagerRemove,
};

/**
 * The app catalogue of a site, its uninstall and Tiny File Manager's removal
 * (apps/api/src/site-apps). This folder is the package's `@hostdeck/recipes/site-apps` subpath.
 */
export const siteAppsRecipes: readonly Recipe[] = [
  siteAppInstall,
  siteAppUninstall,
  siteCodeGitUninstall,
  siteTinyFileManagerRemove,
];
