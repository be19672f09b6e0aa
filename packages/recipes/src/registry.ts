import type { z } from 'zod';
import { agentRecipes } from './agent/index.js';
import { certificateRecipes } from './certificates/index.js';
import { deploymentRecipes } from './deployments/index.js';
import { nginxInstall } from './nginx-install.js';
import type { Recipe } from './recipe.js';
import { serverProvision } from './server-provision.js';
import { serverActionRecipes } from './server-actions/index.js';
import { siteConfigRecipes } from './site-configs/index.js';
import { siteCloneRecipes } from './sites-clone/index.js';
import { siteRecipes } from './sites/index.js';
import { siteAppResources } from './site-apps/site-apps-recipes.js';

/**
 * A set of recipes by id, as the worker finds the recipe stored with an event. The panel's is
 * `baseRecipes` plus the recipes of the sections it registers (each section's come from its
 * subpath, `@hostdeck/recipes/<area>`, and are listed by its API area: apps/api/src/jobs/
 * recipe-registry.ts), so adding a section edits nothing here.
 */
export interface RecipeRegistry {
  readonly recipes: Readonly<Record<string, Recipe>>;
  /** The recipe with this id, or undefined. */
  get: (id: string) => Recipe | undefined;
  /** Every input field of every recipe with its schema (see listRecipeInputs). */
  inputs: () => RecipeInputField[];
}

/** A registry of these recipes; an id given twice is a mistake, refused. */
export function createRecipeRegistry(list: readonly Recipe[]): RecipeRegistry {
  const byId: Record<string, Recipe> = {};
  for (const recipe of list) {
    if (Object.hasOwn(byId, recipe.id) && byId[recipe.id] !== recipe) {
      throw new Error(`recipe ${recipe.id} is registered twice`);
    }
    byId[recipe.id] = recipe;
  }
  const recipes = Object.freeze(byId);
  return {
    recipes,
    get: (id) => (Object.hasOwn(recipes, id) ? recipes[id] : undefined),
    inputs: () =>
      Object.values(recipes).flatMap((recipe) =>
        Object.entries(recipe.input.shape).map(([field, schema]) => ({
          recipe,
          field,
          schema: schema as z.ZodType,
        })),
      ),
  };
}

/** The recipes of no one section: provisioning, server actions, sites, certificates, agent… */
export const baseRecipes: RecipeRegistry = createRecipeRegistry([
  nginxInstall,
  serverProvision,
  ...serverActionRecipes,
  ...agentRecipes,
  ...certificateRecipes,
  ...deploymentRecipes,
  ...siteConfigRecipes,
  ...siteCloneRecipes,
  ...siteRecipes,
  // A quick read while the request waits (site access' runQuickRecipe finds base recipes only).
  siteAppResources,
]);

/** The base recipes by id (the sections' are not here: see RecipeRegistry). */
export const recipes: Readonly<Record<string, Recipe>> = baseRecipes.recipes;

/** The base recipe with this id, or undefined. */
export function getRecipe(id: string): Recipe | undefined {
  return baseRecipes.get(id);
}

export interface RecipeInputField {
  recipe: Recipe;
  /** The input field name (a key of the recipe's input object). */
  field: string;
  schema: z.ZodType;
}

/**
 * Every input field of every base recipe with its schema, for tests that feed each hostile value to
 * each input (`{ ...recipe.example, [field]: payload }` must throw RecipeInputError for `field`).
 */
export function listRecipeInputs(): RecipeInputField[] {
  return baseRecipes.inputs();
}
