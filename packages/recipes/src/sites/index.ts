import type { Recipe } from '../recipe.js';
import { siteApply } from './site-apply.js';
import { siteDatabaseCreate, siteDatabaseDrop } from './site-database.js';
import { siteDelete } from './site-delete.js';
import { sitePermissions } from './site-permissions.js';

export { siteApplyInputSchema } from './site-apply.js';
export { SITE_PERMISSION_ACTIONS } from './site-permissions.js';
export { passwordHexSchema, toPasswordHex } from './site-inputs.js';
export { siteApply, siteDatabaseCreate, siteDatabaseDrop, siteDelete, sitePermissions };

/** A site on its server (apps/api/src/sites): apply, delete, permissions, its database. */
export const siteRecipes: readonly Recipe[] = [
  siteApply,
  siteDatabaseCreate,
  siteDatabaseDrop,
  siteDelete,
  sitePermissions,
];
