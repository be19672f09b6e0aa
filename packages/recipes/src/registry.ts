import type { z } from 'zod';
import { agentRecipes } from './agent/index.js';
import { applicationRecipes } from './applications/index.js';
import { certificateRecipes } from './certificates/index.js';
import { deploymentRecipes } from './deployments/index.js';
import { nginxInstall } from './nginx-install.js';
import type { Recipe } from './recipe.js';
import { serverProvision } from './server-provision.js';
import { serverActionRecipes } from './server-actions/index.js';
import { siteConfigRecipes } from './site-configs/index.js';
import { siteCloneRecipes } from './sites-clone/index.js';
import { siteRecipes } from './sites/index.js';

/** Every recipe the panel can run, by id. */
export const recipes: Readonly<Record<string, Recipe>> = Object.freeze({
  [nginxInstall.id]: nginxInstall,
  [serverProvision.id]: serverProvision,
  ...Object.fromEntries(serverActionRecipes.map((recipe) => [recipe.id, recipe])),
  ...Object.fromEntries(applicationRecipes.map((recipe) => [recipe.id, recipe])),
  ...Object.fromEntries(agentRecipes.map((recipe) => [recipe.id, recipe])),
  ...Object.fromEntries(certificateRecipes.map((recipe) => [recipe.id, recipe])),
  ...Object.fromEntries(deploymentRecipes.map((recipe) => [recipe.id, recipe])),
  ...Object.fromEntries(siteConfigRecipes.map((recipe) => [recipe.id, recipe])),
  ...Object.fromEntries(siteCloneRecipes.map((recipe) => [recipe.id, recipe])),
  ...Object.fromEntries(siteRecipes.map((recipe) => [recipe.id, recipe])),
});

/** The recipe with this id, or undefined. */
export function getRecipe(id: string): Recipe | undefined {
  return Object.hasOwn(recipes, id) ? recipes[id] : undefined;
}

export interface RecipeInputField {
  recipe: Recipe;
  /** The input field name (a key of the recipe's input object). */
  field: string;
  schema: z.ZodType;
}

/**
 * Every input field of every recipe with its schema, for tests that feed each hostile value to
 * each input (`{ ...recipe.example, [field]: payload }` must throw RecipeInputError for `field`).
 */
export function listRecipeInputs(): RecipeInputField[] {
  return Object.values(recipes).flatMap((recipe) =>
    Object.entries(recipe.input.shape).map(([field, schema]) => ({
      recipe,
      field,
      schema: schema as z.ZodType,
    })),
  );
}
