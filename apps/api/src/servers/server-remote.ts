import {
  getRecipe,
  serverAuthorizeKey,
  serverDetectOs,
  serverForgetKey,
  serverSystemInfo,
  type Recipe,
  type RecipeInput,
  type RecipeInputSchema,
} from '@hostdeck/recipes';
import { RemoteCommandError } from '../domain/errors.js';
import type {
  ConnectOptions,
  RemoteExecutor,
  RemoteSession,
  RemoteTarget,
} from '../remote/remote-executor.js';
import { RecipeStepFailedError, runStoredRecipe } from '../jobs/recipe-runner.js';
import { SERVER_MESSAGES } from './server-errors.js';
import { detectOs, parseSystemInfo, type DetectedOs } from './system-info.js';

/** Connecting may take this long; a whole synchronous operation (connect form) about twice that. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** A read-only recipe (system information, OS detection) run while the user waits. */
const QUICK_STEP_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT_BYTES = 256 * 1024;
const STDERR_TAIL_CHARACTERS = 2_000;

/**
 * The server operations the panel runs itself while a request waits, not as events: checking a
 * connection, reading system information, installing or removing its own key. Each is a recipe of
 * packages/recipes run step by step over one SSH session: the command is the constant runner and
 * every value travels in the frame on stdin, as for events.
 */
export function createServerRemote(executor: RemoteExecutor) {
  /**
   * Runs every step of a recipe through the recipe runner, each at most 15 s; resolves with its
   * stdout, throws RemoteCommandError on a failed step (the step's error lines and stderr's tail).
   * `outputLimitBytes` raises the stdout kept (256 KiB) for recipes that answer with a file.
   */
  async function runQuickly(
    session: RemoteSession,
    recipe: Recipe,
    input: unknown,
    signal?: AbortSignal,
    options: { outputLimitBytes?: number } = {},
  ): Promise<string> {
    try {
      const { stdout } = await runStoredRecipe(session, recipe, input, {
        ...(signal ? { signal } : {}),
        quietTitles: true,
        stdoutLimit: options.outputLimitBytes ?? OUTPUT_LIMIT_BYTES,
        limits: (step) => ({
          totalTimeoutMs: Math.min(step.timeoutMs, QUICK_STEP_TIMEOUT_MS),
          idleTimeoutMs: QUICK_STEP_TIMEOUT_MS,
        }),
      });
      return stdout;
    } catch (error) {
      if (!(error instanceof RecipeStepFailedError)) throw error;
      throw new RemoteCommandError(
        SERVER_MESSAGES.commandFailed,
        error.exitCode,
        [...error.errorLines, error.stderrTail.trim()]
          .filter(Boolean)
          .join('\n')
          .slice(-STDERR_TAIL_CHARACTERS),
      );
    }
  }

  /** runQuickly, the input typed by the recipe's schema. */
  const runRecipeQuickly = <S extends RecipeInputSchema>(
    session: RemoteSession,
    recipe: Recipe<S>,
    input: RecipeInput<S>,
    signal?: AbortSignal,
    options: { outputLimitBytes?: number } = {},
  ) => runQuickly(session, recipe, input, signal, options);

  return {
    /** Any recipe run while a request waits (each step at most 15 s); stdout, or RemoteCommandError. */
    run: runRecipeQuickly,

    /** `run` for a recipe named by its id at run time; the builder validates the input. */
    runById(
      session: RemoteSession,
      recipeId: string,
      input: unknown,
      signal?: AbortSignal,
      options: { outputLimitBytes?: number } = {},
    ): Promise<string> {
      const recipe = getRecipe(recipeId);
      if (!recipe) throw new Error(`Unknown recipe "${recipeId}"`);
      return runQuickly(session, recipe, input, signal, options);
    },

    connect(target: RemoteTarget, options: ConnectOptions = {}): Promise<RemoteSession> {
      return executor.connect(target, { connectTimeoutMs: CONNECT_TIMEOUT_MS, ...options });
    },

    async detectOs(session: RemoteSession, signal?: AbortSignal): Promise<DetectedOs> {
      return detectOs(await runRecipeQuickly(session, serverDetectOs, {}, signal));
    },

    async systemInfo(session: RemoteSession, signal?: AbortSignal) {
      return parseSystemInfo(await runRecipeQuickly(session, serverSystemInfo, {}, signal));
    },

    async authorizeKey(session: RemoteSession, publicKey: string, signal?: AbortSignal) {
      await runRecipeQuickly(session, serverAuthorizeKey, { public_key: publicKey }, signal);
    },

    async forgetKey(session: RemoteSession, publicKey: string, signal?: AbortSignal) {
      await runRecipeQuickly(session, serverForgetKey, { public_key: publicKey }, signal);
    },
  };
}
export type ServerRemote = ReturnType<typeof createServerRemote>;
