import type { EventErrorId, EventText } from '@hostdeck/contracts';
import {
  buildStepInvocation,
  type Recipe,
  type RecipeInput,
  type RecipeInputSchema,
  type RecipeStep,
} from '@hostdeck/recipes';
import type { RemoteSession, RunOptions } from '../remote/remote-executor.js';
import { EventError, stepFailedText, stepValues } from './event-error.js';

/** The prefix of a step's own error lines on stdout (packages/recipes, lib helpers). */
const ERROR_LINE_PREFIX = '::hostdeck::error::';
const STDERR_TAIL_CHARACTERS = 2_000;

export interface RunRecipeOptions {
  /** The run's output (an event's): stdout and stderr as they come, and `==> title` before each step. */
  write?(text: string): void;
  /** Stdout is collected but not written (a chunk of a file on its way through the panel). */
  quietStdout?: boolean;
  /** Without the `==> title` lines (a one-step recipe run many times as part of a bigger task). */
  quietTitles?: boolean;
  /** Aborts the step in progress (the worker lost its event); its reason is thrown before a step. */
  signal?: AbortSignal;
  /** Starts at this step ("retry from here"); an unknown id throws `unknownStep`. */
  startStepId?: string | null;
  /** Asked before each step: true ends the run with RecipeCancelledError (ARCHITECTURE.md, Jobs). */
  isCancelRequested?(): Promise<boolean>;
  /** Records the step about to run (events.current_step_id). */
  setCurrentStep?(stepId: string): Promise<void>;
  /**
   * A new session after a transport (SSH) failure: an idempotent step is then run again on it, at
   * most `transportRetries` times. Without it, a transport failure throws at once.
   */
  reconnect?(): Promise<RemoteSession>;
  transportRetries?: number;
  /** The limits of a step's command; by default its own `timeoutMs` in total. */
  limits?(step: RecipeStep): Pick<RunOptions, 'idleTimeoutMs' | 'totalTimeoutMs'>;
  /** How much stdout the result keeps (characters; default all of it). */
  stdoutLimit?: number;
  /** A failed step's error names its `::hostdeck::error::` lines (stepFailedWithDetail). */
  errorDetail?: boolean;
  /**
   * A brand-new SSH connection (to `port` when given), made the run's session from then on: a
   * safe-apply recipe's confirmation runs on it (`recipe.safeApply`, docs/safe-apply.md). Without
   * it such a recipe cannot run.
   */
  connectAgain?(port?: number): Promise<RemoteSession>;
  /** Waits out a revert delay; a test passes a fake one. */
  sleep?(ms: number): Promise<void>;
}

/** After the revert delay, how long the server gets to reload before the panel tries again. */
const REVERT_GRACE_MS = 5_000;
const REVERT_CHECKS = 3;

export interface RecipeRunResult {
  /** The steps' stdout, up to `stdoutLimit`. */
  stdout: string;
  /** The session the last step ran on (a new one after a reconnect). */
  session: RemoteSession;
}

/** A step exited non-zero: the event ends ERROR with its line; the output so far comes with it. */
export class RecipeStepFailedError extends EventError {
  constructor(
    text: EventText<EventErrorId>,
    readonly step: RecipeStep,
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderrTail: string,
  ) {
    super(text);
  }

  /** The step's own error lines (`::hostdeck::error::…` on stdout), without the prefix. */
  get errorLines(): string[] {
    return errorLinesOf(this.stdout);
  }
}

/** Cancellation was asked for: the run stopped before this step. */
export class RecipeCancelledError extends EventError {
  constructor(
    recipeId: string,
    readonly step: RecipeStep,
  ) {
    super({ id: 'cancelledBeforeStep', values: stepValues(recipeId, step) });
  }
}

/**
 * The one recipe step loop of the panel: every recipe the panel runs (an event's, a task's, a
 * quick read while a request waits) goes through here. Each step's invocation is built from the
 * recipe and its input (typed by the recipe's schema, validated again by the builder); between
 * steps it checks cancellation and records the current step; an idempotent step is run again on
 * a new session after a transport failure. Resolves with the stdout; a failed step throws
 * RecipeStepFailedError, a cancelled run RecipeCancelledError.
 */
export async function runRecipe<S extends RecipeInputSchema>(
  session: RemoteSession,
  recipe: Recipe<S>,
  input: RecipeInput<S>,
  options: RunRecipeOptions = {},
): Promise<RecipeRunResult> {
  return runSteps(session, recipe, input, options);
}

/**
 * runRecipe for a recipe known only by its id at run time (`events.recipe_id`), its input read
 * back from the event: the builder validates it against the recipe's schema before each step.
 */
export async function runStoredRecipe(
  session: RemoteSession,
  recipe: Recipe,
  input: unknown,
  options: RunRecipeOptions = {},
): Promise<RecipeRunResult> {
  return runSteps(session, recipe, input, options);
}

async function runSteps(
  initialSession: RemoteSession,
  recipe: Recipe,
  input: unknown,
  options: RunRecipeOptions,
): Promise<RecipeRunResult> {
  const write = options.write ?? (() => {});
  const retries = options.reconnect ? (options.transportRetries ?? 2) : 0;
  const stdoutLimit = options.stdoutLimit ?? Number.POSITIVE_INFINITY;
  let session = initialSession;
  let stdout = '';

  for (const step of stepsFrom(recipe, options.startStepId ?? null)) {
    if (await options.isCancelRequested?.()) throw new RecipeCancelledError(recipe.id, step);
    options.signal?.throwIfAborted();
    await options.setCurrentStep?.(step.id);
    if (!options.quietTitles) write(`\n==> ${step.title}\n`);
    if (recipe.safeApply?.confirmStep === step.id) session = await reachAgain(recipe, input, options, write);
    const invocation = buildStepInvocation(recipe, step.id, input);
    for (let attempt = 0; ; attempt += 1) {
      let stepStdout = '';
      let stderrTail = '';
      try {
        const result = await session.run({
          command: invocation.command,
          stdin: invocation.stdin,
          onStdout: (chunk) => {
            if (stdout.length + stepStdout.length < stdoutLimit) stepStdout += chunk;
            if (!options.quietStdout) write(chunk);
          },
          onStderr: (chunk) => {
            stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARACTERS);
            write(chunk);
          },
          ...(options.limits?.(step) ?? { totalTimeoutMs: step.timeoutMs }),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        stdout += stepStdout;
        if (result.exitCode !== 0) {
          const exit = result.exitCode ?? result.signal;
          const detail = options.errorDetail ? errorLinesOf(stepStdout).join(': ') : '';
          throw new RecipeStepFailedError(
            stepFailedText(recipe.id, step, exit, detail || undefined),
            step,
            result.exitCode,
            stdout,
            stderrTail,
          );
        }
        break;
      } catch (error) {
        if (!step.idempotent || !isTransportError(error) || attempt >= retries || !options.reconnect) {
          throw error;
        }
        write(
          `\n[connection lost: ${(error as Error).message}; retrying step (${attempt + 1}/${retries})]\n`,
        );
        session = await options.reconnect();
      }
    }
  }
  return { stdout, session };
}

/**
 * The proof a safe-apply change leaves the panel in: a new SSH connection. Made, it is the session
 * the confirmation (which disarms the server's revert) runs on. Not made, the panel waits out the
 * revert delay, checks that it reaches the server again, and ends the event saying which happened.
 */
async function reachAgain(
  recipe: Recipe,
  input: unknown,
  options: RunRecipeOptions,
  write: (text: string) => void,
): Promise<RemoteSession> {
  const safe = recipe.safeApply!;
  if (!options.connectAgain) throw new Error(`recipe ${recipe.id} needs a way to connect again`);
  const parsed = recipe.input.parse(input);
  const seconds = safe.revertAfterSeconds(parsed);
  const port = safe.port?.(parsed);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  write(`[safe apply: opening a new connection to the server${port ? ` on port ${port}` : ''}]\n`);
  let detail: string;
  try {
    const fresh = await options.connectAgain(port);
    write('[safe apply: connected; the change is kept]\n');
    return fresh;
  } catch (error) {
    options.signal?.throwIfAborted();
    detail = (error as Error).message;
  }
  write(
    `[safe apply: could not connect (${detail}). The server puts the previous settings back by itself within ${seconds} s.]\n`,
  );
  await sleep(seconds * 1000 + REVERT_GRACE_MS);
  let last = detail;
  for (let check = 1; check <= REVERT_CHECKS; check += 1) {
    options.signal?.throwIfAborted();
    try {
      await options.connectAgain();
      write('[safe apply: the server put the previous settings back; the panel reaches it again]\n');
      throw new EventError({ id: 'safeApplyReverted', values: { detail, seconds } });
    } catch (error) {
      if (error instanceof EventError) throw error;
      last = (error as Error).message;
      if (check < REVERT_CHECKS) await sleep(REVERT_GRACE_MS);
    }
  }
  throw new EventError({ id: 'safeApplyUnreachable', values: { detail: last, seconds } });
}

function stepsFrom(recipe: Recipe, startStepId: string | null): readonly RecipeStep[] {
  if (!startStepId) return recipe.steps;
  const index = recipe.steps.findIndex((step) => step.id === startStepId);
  if (index < 0) throw new EventError({ id: 'unknownStep', values: { step: startStepId } });
  return recipe.steps.slice(index);
}

function errorLinesOf(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(ERROR_LINE_PREFIX))
    .map((line) => line.slice(ERROR_LINE_PREFIX.length));
}

/** A failure of the connection rather than of the command (remote-errors.ts marks them retryable). */
export function isTransportError(error: unknown): boolean {
  return Boolean((error as { retryable?: boolean } | null)?.retryable);
}
