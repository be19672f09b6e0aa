import type { z } from 'zod';

/**
 * A recipe is what the panel runs on a managed server: ordered steps, each a bash script kept as
 * a `.sh` file. Scripts never contain user input: validated values reach them as environment
 * variables, and secrets through stdin (ARCHITECTURE.md, Remote execution).
 */
export interface RecipeStep {
  /** Stable id, used to resume ("retry from here") and in event output. */
  id: string;
  /** Shown to the user while the step runs; an English i18n key. */
  title: string;
  /** Path of the script, relative to this package's `scripts/` folder. */
  script: string;
  timeoutMs: number;
  /** Only idempotent steps are retried, and only after a transport (SSH) failure. */
  idempotent: boolean;
}

/** The input of a recipe: an object of grammar-validated fields (`@hostdeck/contracts` grammars). */
export type RecipeInputSchema = z.ZodObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/**
 * What a caller hands a recipe of schema `S`: the schema's input, its field names and value kinds
 * checked by the compiler, with each closed set of words (an enum such as a PHP version) widened
 * to text. Such values come back from the database as text; the builder checks every value
 * against its grammar before each step (buildStepInvocation), so a wrong one never runs.
 */
export type RecipeInput<S extends RecipeInputSchema> = WidenWords<z.input<S>>;
type WidenWords<T> = T extends string
  ? string
  : T extends Buffer | Uint8Array
    ? T
    : T extends readonly (infer U)[]
      ? WidenWords<U>[]
      : T extends object
        ? { [K in keyof T]: WidenWords<T[K]> }
        : T;

export interface Recipe<S extends RecipeInputSchema = RecipeInputSchema> {
  /** Stable id: lowercase letters, digits and hyphens. */
  id: string;
  /** The input schema, strict: unknown fields are rejected, not dropped. */
  input: S;
  steps: readonly RecipeStep[];
  /**
   * The environment of every step, from the parsed input: keys match ^HD_[A-Z0-9_]+$ (HD_RECIPE_ID
   * and HD_STEP_ID are set by the builder), values are text. Omit a key rather than invent a value.
   */
  environment(input: z.output<S>): Record<string, string>;
  /** Bytes left on the script's stdin after the frame (passwords, keys); never in the environment. */
  secrets?(input: z.output<S>): Buffer | string;
  /** A valid input; tests build on it (injection tests change one field at a time). */
  example: z.input<S>;
  /**
   * A change that could cut the panel off from the server (ufw, sshd, Fail2Ban; docs/safe-apply.md).
   * The steps before `confirmStep` arm the server's own revert (`hd_safe_arm`, scripts/lib/
   * safe-apply.sh) and apply the change; the runner then opens a NEW SSH connection (to `port`
   * when the change moves sshd) and runs `confirmStep` (`hd_safe_confirm`) and the steps after it
   * on that connection. When no new connection can be made, the server puts the previous state
   * back by itself `revertAfterSeconds` after arming, and the event says which happened.
   */
  safeApply?: SafeApply<z.output<S>>;
}

export interface SafeApply<Input> {
  /** The step that disarms the revert; it and the steps after it run on the new connection. */
  confirmStep: string;
  /** Seconds between arming and the server's own revert (10-3600; the step script gets the same). */
  revertAfterSeconds(input: Input): number;
  /** The SSH port the new connection uses (an sshd port change); the server's recorded one when omitted. */
  port?(input: Input): number | undefined;
}

/** A recipe's input did not match its schema: messages by field (spec/000 §8 `errors`). */
export class RecipeInputError extends Error {
  override readonly name = 'RecipeInputError';
  constructor(
    readonly recipeId: string,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super('The given data was invalid.');
  }

  static fromZod(recipeId: string, error: z.ZodError): RecipeInputError {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const field = issue.path.map(String).join('.') || '_';
      (fieldErrors[field] ??= []).push(issue.message);
    }
    return new RecipeInputError(recipeId, fieldErrors);
  }
}

const RECIPE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const STEP_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** `dir/name.sh`, lowercase, no `..`, never a helper of `lib/`. */
const SCRIPT_PATH_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*\.sh$/;

/**
 * Declares a recipe, checking its definition once at load time: ids, unique steps, script paths,
 * positive timeouts, and that `example` is a valid input. The input schema is made strict.
 */
export function defineRecipe<S extends RecipeInputSchema>(definition: Recipe<S>): Recipe<S> {
  const { id, steps } = definition;
  const problem = (message: string) => new Error(`recipe ${id}: ${message}`);
  if (!RECIPE_ID_PATTERN.test(id)) throw problem('the id must be lowercase letters, digits and hyphens');
  if (steps.length === 0) throw problem('a recipe needs at least one step');
  const seen = new Set<string>();
  for (const step of steps) {
    if (!STEP_ID_PATTERN.test(step.id)) throw problem(`step id ${JSON.stringify(step.id)} is not kebab-case`);
    if (seen.has(step.id)) throw problem(`step id ${step.id} is used twice`);
    seen.add(step.id);
    if (!SCRIPT_PATH_PATTERN.test(step.script) || step.script.startsWith('lib/')) {
      throw problem(`step ${step.id}: ${JSON.stringify(step.script)} is not a step script path`);
    }
    if (!Number.isInteger(step.timeoutMs) || step.timeoutMs <= 0) {
      throw problem(`step ${step.id}: timeoutMs must be a positive integer`);
    }
  }
  const confirmIndex = definition.safeApply
    ? steps.findIndex((step) => step.id === definition.safeApply!.confirmStep)
    : -1;
  if (definition.safeApply && confirmIndex < 1) {
    throw problem('safeApply.confirmStep must name a step after the one that applies the change');
  }
  const input = definition.input.strict() as unknown as S;
  const example = input.safeParse(definition.example);
  if (!example.success) throw problem(`the example input is invalid: ${example.error.message}`);
  return Object.freeze({
    ...definition,
    input,
    steps: Object.freeze(steps.map((step) => Object.freeze({ ...step }))),
  });
}
