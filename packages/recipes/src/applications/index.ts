import type { Recipe } from '../recipe.js';
import { applicationAutoRestart } from './application-auto-restart.js';
import { applicationInstall } from './application-install.js';
import { applicationInventory } from './application-inventory.js';
import { applicationService } from './application-service.js';
import { applicationUninstall } from './application-uninstall.js';

export { AUTO_RESTART_DROP_IN } from './application-auto-restart.js';
export {
  DEFAULT_NPM_REGISTRY,
  NO_SERVICE_MESSAGE,
  UNKNOWN_APPLICATION_MESSAGE,
  applicationNameInputSchema,
} from './application-inputs.js';
export type { ApplicationInventory, InventoryEntry } from './application-inventory.js';
export { InventoryFormatError } from '../inventory.js';
export { displayVersion, parseApplicationInventory } from './application-inventory.js';
export type {
  ApplicationDefinition,
  ApplicationGroup,
  ApplicationProbe,
  ApplicationRepository,
} from './catalogue.js';
export {
  APPLICATION_CATALOGUE,
  applicationEnvironment,
  findApplication,
  isSupportedOn,
} from './catalogue.js';
export {
  applicationAutoRestart,
  applicationInstall,
  applicationInventory,
  applicationService,
  applicationUninstall,
};

/**
 * A server's applications (apps/api/src/applications): install, uninstall, service, auto-restart,
 * inventory. This folder is the package's `@hostdeck/recipes/applications` subpath; the API area
 * registers these recipes with the worker.
 */
export const applicationRecipes: readonly Recipe[] = [
  applicationInstall,
  applicationUninstall,
  applicationService,
  applicationAutoRestart,
  applicationInventory,
];
