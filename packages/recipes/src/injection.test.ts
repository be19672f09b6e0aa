import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from './invocation.js';
import { RecipeInputError } from './recipe.js';
import { packageRecipes } from './testing/recipes.js';

// SECURITY.md, command and option injection: every hostile value, in every input of every
// recipe, is refused by the production builder before anything could be queued.
// Every recipe of the package: the base ones and each section's (`@hostdeck/recipes/<area>`).
const registry = await packageRecipes();
const { recipes } = registry;
const inputs = registry.inputs();

describe('recipe inputs', () => {
  it('are listed for every recipe field', () => {
    const listed = inputs.map(({ recipe, field }) => `${recipe.id}.${field}`);
    expect(listed).toContain('nginx-install.server_name');
    for (const recipe of Object.values(recipes)) {
      for (const field of Object.keys(recipe.input.shape)) expect(listed).toContain(`${recipe.id}.${field}`);
    }
  });

  it('build every step of every recipe from the example input', () => {
    for (const recipe of Object.values(recipes)) {
      for (const step of recipe.steps)
        expect(buildStepInvocation(recipe, step.id, recipe.example).step).toBe(step);
    }
  });
});

describe.each(inputs.map((input) => [`${input.recipe.id}.${input.field}`, input] as const))(
  '%s',
  (_name, input) => {
    it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
      'refuses %s in every step',
      (_label, payload) => {
        expect(input.schema.safeParse(payload).success).toBe(false);
        for (const step of input.recipe.steps) {
          let caught: unknown;
          try {
            buildStepInvocation(input.recipe, step.id, {
              ...(input.recipe.example as object),
              [input.field]: payload,
            });
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(RecipeInputError);
          expect((caught as RecipeInputError).fieldErrors[input.field]?.length).toBeGreaterThan(0);
        }
      },
    );
  },
);

describe('inputs that are not the expected object', () => {
  it.each([
    ['null', null],
    ['a string', '; touch /tmp/pwned'],
    ['an array', ['example.com']],
    ['an unknown field', { server_name: 'example.com', extra: '$(touch /tmp/pwned)' }],
    ['a field of the wrong type', { server_name: ['example.com'] }],
  ])('refuses %s', (_label, input) => {
    for (const recipe of Object.values(recipes)) {
      expect(() => buildStepInvocation(recipe, recipe.steps[0]!.id, input)).toThrow(RecipeInputError);
    }
  });
});
