import type { z } from 'zod';
import { nginxInstall } from './nginx-install.js';
import type { Recipe } from './recipe.js';

/** Every recipe the panel can run, by id. */
export const recipes: Readonly<Record<string, Recipe>> = Object.freeze({
  [nginxInstall.id]: nginxInstall,
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
