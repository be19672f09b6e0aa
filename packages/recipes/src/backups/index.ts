import type { Recipe } from '../recipe.js';
import {
  backupConfigure,
  backupInstall,
  backupProbe,
  backupRemove,
  backupRun,
  backupRuns,
  backupSnapshots,
} from './backup-recipes.js';
import { backupManifest } from './backup-manifest.js';
import { backupDownload, backupRestore, backupVerify } from './backup-restore-recipes.js';
import { backupDriveTarget } from './backup-drive-target.js';

export { InventoryFormatError } from '../inventory.js';
export * from './backup-drive-target.js';
export * from './backup-inputs.js';
export * from './backup-manifest.js';
export * from './backup-recipes.js';
export * from './backup-results.js';
export * from './backup-restore-recipes.js';

/**
 * Backups (issue 20; docs/backups.md). This folder is the package's `@hostdeck/recipes/backups`
 * subpath; the API area registers these recipes with the worker.
 */
export const backupRecipes: readonly Recipe[] = [
  backupInstall,
  backupConfigure,
  backupRun,
  backupRuns,
  backupSnapshots,
  backupRemove,
  backupProbe,
  backupVerify,
  backupRestore,
  backupDownload,
  backupDriveTarget,
  backupManifest,
];
