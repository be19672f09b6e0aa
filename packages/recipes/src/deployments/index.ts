import type { Recipe } from '../recipe.js';
import { siteCommand } from './site-command.js';
import { siteDeploy, siteRollback } from './site-deploy.js';

export { deployUserSchema, releaseNameSchema } from './deployment-inputs.js';
export { siteCommand, siteDeploy, siteRollback };

/** A site's deployments and commands (apps/api/src/deployments). */
export const deploymentRecipes: readonly Recipe[] = [siteDeploy, siteRollback, siteCommand];
