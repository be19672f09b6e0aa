import type { EventErrorId, EventText } from '@hostdeck/contracts';
import type { EventRow } from '../events/events.repository.js';
import type { RemoteSession } from '../remote/remote-executor.js';
import { EventError } from './event-error.js';

/** The prefix of `events.recipe_id` for an event that runs a panel task instead of one recipe. */
export const TASK_PREFIX = 'task:';

/** What a task gets while it runs as an event (one SSH session, the event's output). */
export interface EventTaskContext {
  event: EventRow;
  /** The input given to `startTask`, as stored (sealed) with the event. */
  input: unknown;
  session: RemoteSession;
  /** Appends to the event's output (streamed live, persisted in batches). */
  write(text: string): void;
  /**
   * Runs every step of a recipe over the event's session, its output going to the event. Resolves
   * with the steps' stdout; throws TaskStepError when a step exits non-zero.
   */
  runRecipe(recipeId: string, input: unknown): Promise<string>;
  /** Aborted when the worker loses the event. */
  signal: AbortSignal;
  isCancelRequested(): Promise<boolean>;
}

/** A step of a task's recipe failed: the event ends ERROR with this line (stepFailedText). */
export class TaskStepError extends EventError {
  constructor(
    text: EventText<EventErrorId>,
    readonly stdout: string,
  ) {
    super(text);
  }
}

export type EventTask = (context: EventTaskContext) => Promise<void>;
export type FinishedEventHandler = (event: EventRow) => Promise<void>;

/**
 * Where areas plug into the job runner: panel tasks (work that mixes panel logic and remote
 * steps, such as an ACME order) and handlers called once an event has finished, whatever its
 * status (a site becomes active or failed, a deployment records its release).
 */
export function createEventHooks(
  log: (message: string, details?: Record<string, unknown>) => void = () => {},
) {
  const tasks = new Map<string, EventTask>();
  const finishedHandlers: { typePrefix: string; handler: FinishedEventHandler }[] = [];

  return {
    registerTask(name: string, task: EventTask) {
      if (tasks.has(name)) throw new Error(`task ${name} is registered twice`);
      tasks.set(name, task);
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

    /** Calls every handler whose prefix matches the event's type; a failing handler is logged only. */
    async finished(event: EventRow) {
      for (const { typePrefix, handler } of finishedHandlers) {
        if (!event.type.startsWith(typePrefix)) continue;
        try {
          await handler(event);
        } catch (error) {
          log('event finished handler failed', { eventId: event.id, error: String(error) });
        }
      }
    },
  };
}
export type EventHooks = ReturnType<typeof createEventHooks>;
