import { describe, expect, it } from 'vitest';
import { baseRecipes } from '@hostdeck/recipes';
import { applicationRecipes } from '@hostdeck/recipes/applications';
import { AREAS } from '../areas.js';
import { findPanelRecipe, panelRecipes } from './recipe-registry.js';

describe('the panel recipe registry', () => {
  it('holds the base recipes and every registered area’s, by id', () => {
    for (const recipe of Object.values(baseRecipes.recipes)) expect(findPanelRecipe(recipe.id)).toBe(recipe);
    for (const recipe of AREAS.flatMap((area) => area.recipes ?? []))
      expect(findPanelRecipe(recipe.id)).toBe(recipe);
    for (const recipe of applicationRecipes) expect(findPanelRecipe(recipe.id)).toBe(recipe);
    expect(findPanelRecipe('toString')).toBeUndefined();
    expect(Object.keys(panelRecipes().recipes).length).toBeGreaterThan(
      Object.keys(baseRecipes.recipes).length,
    );
  });
});
