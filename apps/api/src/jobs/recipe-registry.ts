import { baseRecipes, createRecipeRegistry, type Recipe, type RecipeRegistry } from '@hostdeck/recipes';
import { AREAS } from '../areas.js';

let registry: RecipeRegistry | undefined;

/**
 * Every recipe the panel runs, by id: the base recipes and those of the areas it registers
 * (`area.recipes`, areas.ts). The worker finds an event's recipe here by the id stored with it,
 * and startRecipe refuses an id that is not here. Built on first use, not at import: areas.ts
 * imports every area, and the areas' code imports the events service (i18n/vi.ts does the same).
 */
export function panelRecipes(): RecipeRegistry {
  registry ??= createRecipeRegistry([
    ...Object.values(baseRecipes.recipes),
    ...AREAS.flatMap((area) => area.recipes ?? []),
  ]);
  return registry;
}

/** The panel's recipe with this id, or undefined. */
export function findPanelRecipe(id: string): Recipe | undefined {
  return panelRecipes().get(id);
}
