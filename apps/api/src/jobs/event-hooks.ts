import type { UpdateKey } from '@hostdeck/contracts';
import type { Recipe, RecipeInput, RecipeInputSchema } from '@hostdeck/recipes';
import type { EventRow } from '../events/events.repository.js';
import type { RemoteSession } from '../remote/remote-executor.js';

/** The prefix of `events.recipe_id` for an event that runs a panel task instead of one recipe. */
export const TASK_PREFIX = 'task:';

/** What a task gets while it runs as an event (one SSH session, the event's output). */
export interface EventTaskContext {
  event: EventRow;
  /** The input given to `startTask`, as stored (sealed) with the event. */
  input: unknown;
  /** The event's session: a new one once a recipe reconnected after a transport failure. */
  readonly session: RemoteSession;
  /** Appends to the event's output (streamed live, persisted in batches). */
  write(text: string): void;
  /**
   * Runs a recipe over the event's session through the recipe runner (jobs/recipe-runner.ts), as a
   * recipe event's steps run: output to the event, cancellation checked between steps (throws
   * RecipeCancelledError: the event ends CANCELLED), the current step recorded, idempotent steps
   * retried on a new session after a transport failure. The input is typed by the recipe's schema.
   * Resolves with the steps' stdout; throws RecipeStepFailedError when a step exits non-zero.
   */
  runRecipe<S extends RecipeInputSchema>(recipe: Recipe<S>, input: RecipeInput<S>): Promise<string>;
  /** Aborted when the worker loses the event. */
  signal: AbortSignal;
  isCancelRequested(): Promise<boolean>;
}

export type EventTask = (context: EventTaskContext) => Promise<void>;
/**
 * Settles what a finished event was about; may answer the Update-data keys browsers should reload
 * (spec/000 §4), which finishEvent publishes with the event's status.
 */
export type FinishedEventHandler = (event: EventRow) => Promise<void | readonly UpdateKey[]>;

/**
 * Where areas plug into the job runner: panel tasks (work that mixes panel logic and remote
 * steps, such as an ACME order) and handlers called once an event has finished, whatever its
 * status (a site becomes active or failed, a deployment records its release).
 */
export function createEventHooks(
  log: (message: string, details?: Record<string, unknown>) => void = () => {},
) {
  const tasks = new Map<string, EventTask>();
  const sessionless = new Set<string>();
  const finishedHandlers: { typePrefix: string; handler: FinishedEventHandler }[] = [];

  return {
    /**
     * `session: false` for a task that works before its server can be reached (creating the
     * machine at a VPS provider, docs/vps.md): the runner opens no SSH session for it, and its
     * context's `session` and `runRecipe` throw.
     */
    registerTask(name: string, task: EventTask, options: { session?: boolean } = {}) {
      if (tasks.has(name)) throw new Error(`task ${name} is registered twice`);
      tasks.set(name, task);
      if (options.session === false) sessionless.add(name);
    },

    /** Whether the event's task or recipe runs over an SSH session opened before it starts. */
    needsSession(recipeId: string | null): boolean {
      if (!recipeId?.startsWith(TASK_PREFIX)) return true;
      return !sessionless.has(recipeId.slice(TASK_PREFIX.length));
    },

    /** The task an event runs, when its recipe id is `task:{name}`. */
    taskFor(recipeId: string | null): EventTask | undefined {
      if (!recipeId?.startsWith(TASK_PREFIX)) return undefined;
      return tasks.get(recipeId.slice(TASK_PREFIX.length));
    },

    isTask(recipeId: string | null): boolean {
      return Boolean(recipeId?.startsWith(TASK_PREFIX));
    },

    onFinished(typePrefix: string, handler: FinishedEventHandler) {
      finishedHandlers.push({ typePrefix, handler });
    },

    /**
     * Calls every handler whose prefix matches the event's type, in the order they were registered
     * (an empty prefix matches every event); a failing handler is logged only. Answers the
     * Update-data keys the handlers returned, each once.
     */
    async finished(event: EventRow): Promise<UpdateKey[]> {
      const keys = new Set<UpdateKey>();
      for (const { typePrefix, handler } of finishedHandlers) {
        if (!event.type.startsWith(typePrefix)) continue;
        try {
          for (const key of (await handler(event)) ?? []) keys.add(key);
        } catch (error) {
          log('event finished handler failed', { eventId: event.id, error: String(error) });
        }
      }
      return [...keys];
    },
  };
}
export type EventHooks = ReturnType<typeof createEventHooks>;
