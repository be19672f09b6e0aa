import type { Recipe, RecipeInputSchema, RecipeStep } from './recipe.js';
import { RecipeInputError } from './recipe.js';
import { STEP_COMMAND } from './runner.js';
import { MAX_ARGUMENT_BYTES, assembleStepScript } from './scripts.js';

/** What the SSH layer runs for one step: a constant command, and everything else on stdin. */
export interface StepInvocation {
  /** Always STEP_COMMAND, whatever the recipe and input. */
  command: string;
  /** The frame: environment pairs, the script, the secret (runner.ts). */
  stdin: Buffer;
  step: RecipeStep;
}

export interface BuildStepOptions {
  /** Where the step scripts are; defaults to this package's `scripts/` (recipeScriptsDirectory). */
  scriptsDirectory?: string;
}

const ENVIRONMENT_KEY_PATTERN = /^HD_[A-Z0-9_]+$/;
/** Set by the builder for every step; a recipe's environment may not set them. */
export const BUILDER_ENVIRONMENT_KEYS = ['HD_RECIPE_ID', 'HD_STEP_ID'] as const;

/**
 * The stdin frame: `KEY=value\0` per pair (sorted by key), `\0`, the script, `\0`, the secret.
 * Keys must match ^HD_[A-Z0-9_]+$, values must hold no NUL; anything else is a programming error
 * and throws (the input grammars already refuse such values).
 */
export function encodeStepFrame(
  environment: Record<string, string>,
  script: string,
  secret: Buffer | string = Buffer.alloc(0),
): Buffer {
  const chunks: Buffer[] = [];
  for (const key of Object.keys(environment).sort()) {
    const value: unknown = environment[key];
    if (!ENVIRONMENT_KEY_PATTERN.test(key))
      throw new Error(`environment key ${JSON.stringify(key)} is not HD_*`);
    if (typeof value !== 'string') throw new Error(`environment value of ${key} is not a string`);
    if (value.includes('\0')) throw new Error(`environment value of ${key} contains a NUL byte`);
    const pair = Buffer.from(`${key}=${value}`, 'utf8');
    if (pair.length > MAX_ARGUMENT_BYTES) throw new Error(`environment value of ${key} is too long`);
    chunks.push(pair, Buffer.from([0]));
  }
  if (script.includes('\0')) throw new Error('the step script contains a NUL byte');
  chunks.push(Buffer.from([0]), Buffer.from(script, 'utf8'), Buffer.from([0]));
  chunks.push(typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret);
  return Buffer.concat(chunks);
}

/**
 * Builds the invocation of one step. The raw input is parsed with the recipe's schema first: a
 * mismatch throws RecipeInputError (messages by field) before anything could be queued. No input
 * ever becomes part of a command or script text: values travel as environment pairs of the
 * frame, secrets after it.
 */
export function buildStepInvocation<S extends RecipeInputSchema>(
  recipe: Recipe<S>,
  stepId: string,
  rawInput: unknown,
  options: BuildStepOptions = {},
): StepInvocation {
  const parsed = recipe.input.safeParse(rawInput);
  if (!parsed.success) throw RecipeInputError.fromZod(recipe.id, parsed.error);
  const step = recipe.steps.find((candidate) => candidate.id === stepId);
  if (!step) throw new Error(`recipe ${recipe.id} has no step ${JSON.stringify(stepId)}`);

  const own = recipe.environment(parsed.data);
  for (const key of BUILDER_ENVIRONMENT_KEYS) {
    if (Object.hasOwn(own, key)) throw new Error(`recipe ${recipe.id} may not set ${key}`);
  }
  const environment = { ...own, HD_RECIPE_ID: recipe.id, HD_STEP_ID: step.id };
  const script = assembleStepScript(step.script, options.scriptsDirectory);
  const secret = recipe.secrets?.(parsed.data);
  return { command: STEP_COMMAND, stdin: encodeStepFrame(environment, script, secret), step };
}
