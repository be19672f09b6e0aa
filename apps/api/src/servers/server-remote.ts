import { buildStepInvocation, getRecipe, type Recipe } from '@hostdeck/recipes';
import { RemoteCommandError } from '../http/errors.js';
import type {
  ConnectOptions,
  RemoteExecutor,
  RemoteSession,
  RemoteTarget,
} from '../remote/remote-executor.js';
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
  const recipe = (id: string): Recipe => {
    const found = getRecipe(id);
    if (!found) throw new Error(`Unknown recipe "${id}"`);
    return found;
  };

  /**
   * Runs every step of a recipe; resolves with its stdout, throws RemoteCommandError on a failed step.
   * `outputLimitBytes` raises the stdout kept (256 KiB) for recipes that answer with a file.
   */
  async function runRecipe(
    session: RemoteSession,
    recipeId: string,
    input: unknown,
    signal?: AbortSignal,
    options: { outputLimitBytes?: number } = {},
  ): Promise<string> {
    const outputLimit = options.outputLimitBytes ?? OUTPUT_LIMIT_BYTES;
    const definition = recipe(recipeId);
    let stdout = '';
    for (const step of definition.steps) {
      const invocation = buildStepInvocation(definition, step.id, input);
      let stderr = '';
      const result = await session.run({
        command: invocation.command,
        stdin: invocation.stdin,
        onStdout: (chunk) => {
          if (stdout.length < outputLimit) stdout += chunk;
        },
        onStderr: (chunk) => {
          stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARACTERS);
        },
        totalTimeoutMs: Math.min(step.timeoutMs, QUICK_STEP_TIMEOUT_MS),
        idleTimeoutMs: QUICK_STEP_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      });
      if (result.exitCode !== 0) {
        const errorLines = stdout
          .split('\n')
          .filter((line) => line.startsWith('::hostdeck::error::'))
          .map((line) => line.slice('::hostdeck::error::'.length));
        throw new RemoteCommandError(
          SERVER_MESSAGES.commandFailed,
          result.exitCode,
          [...errorLines, stderr.trim()].filter(Boolean).join('\n').slice(-STDERR_TAIL_CHARACTERS),
        );
      }
    }
    return stdout;
  }

  return {
    /** Any recipe run while a request waits (each step at most 15 s); stdout, or RemoteCommandError. */
    run: runRecipe,

    connect(target: RemoteTarget, options: ConnectOptions = {}): Promise<RemoteSession> {
      return executor.connect(target, { connectTimeoutMs: CONNECT_TIMEOUT_MS, ...options });
    },

    async detectOs(session: RemoteSession, signal?: AbortSignal): Promise<DetectedOs> {
      return detectOs(await runRecipe(session, 'server-detect-os', {}, signal));
    },

    async systemInfo(session: RemoteSession, signal?: AbortSignal) {
      return parseSystemInfo(await runRecipe(session, 'server-system-info', {}, signal));
    },

    async authorizeKey(session: RemoteSession, publicKey: string, signal?: AbortSignal) {
      await runRecipe(session, 'server-authorize-key', { public_key: publicKey }, signal);
    },

    async forgetKey(session: RemoteSession, publicKey: string, signal?: AbortSignal) {
      await runRecipe(session, 'server-forget-key', { public_key: publicKey }, signal);
    },
  };
}
export type ServerRemote = ReturnType<typeof createServerRemote>;
