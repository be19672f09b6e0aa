import type { Recipe } from '../recipe.js';
import {
  balancingApply,
  balancingBackendApply,
  balancingBackendRemove,
  balancingRemove,
} from './balancing-recipes.js';

export {
  balancerBackendIncludePath,
  balancerIncludePath,
  balancerUpstreamName,
  balancerUpstreamPath,
} from './balancing-recipes.js';
export { balancingApply, balancingBackendApply, balancingBackendRemove, balancingRemove };

/**
 * Load balancing of a site (apps/api/src/balancing): the balancer's upstream and include, and each
 * node's allow/deny include. This folder is the package's `@hostdeck/recipes/balancing` subpath.
 */
export const balancingRecipes: readonly Recipe[] = [
  balancingApply,
  balancingRemove,
  balancingBackendApply,
  balancingBackendRemove,
];
