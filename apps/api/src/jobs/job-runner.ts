import { randomUUID } from 'node:crypto';
import { EVENT_STATUS, type EventText } from '@hostdeck/contracts';
import type { Recipe } from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import type { EventsRepository, EventRow } from '../events/events.repository.js';
import { createOutputRecorder } from '../events/output-recorder.js';
import type { EventNotifier } from '../events/event-notifier.js';
import type { RemoteExecutor, RemoteSession } from '../remote/remote-executor.js';
import { SECRET_PURPOSE, type ServerConnections } from '../servers/server-connection.js';
import { eventError, eventErrorLine } from './event-error.js';
import type { EventHooks } from './event-hooks.js';
import type { FinishEvent } from './finish-event.js';
import { findPanelRecipe } from './recipe-registry.js';
import {
  isTransportError,
  RecipeCancelledError,
  RecipeStepFailedError,
  runRecipe,
  runStoredRecipe,
  type RunRecipeOptions,
} from './recipe-runner.js';

/** The event could not start because another mutating event runs on its server. */
export class ServerBusyError extends Error {}

export interface JobRunnerOptions {
  repository: EventsRepository;
  executor: RemoteExecutor;
  connections: ServerConnections;
  secretBox: SecretBox;
  notifier: EventNotifier;
  /** A lease renewed every heartbeat; a worker that stops renewing loses its event to the reaper. */
  leaseMs: number;
  heartbeatMs: number;
  /** Tries per idempotent step after a transport (SSH) failure. */
  transportRetries?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** Panel tasks registered by the areas. */
  hooks?: EventHooks;
  /** How every event ends (jobs/finish-event.ts): the areas' handlers settle it, then it is announced. */
  finishEvent: FinishEvent;
}

/**
 * Runs one event: claim it under a lease, connect, run its recipe (or its task, whose recipes run
 * the same way) through the recipe runner (cancellation between steps, current step, transport
 * retries), stream the output, and finish it as FINISHED, ERROR or CANCELLED through finishEvent.
 * Whatever happens, the event ends finished: an exception here becomes ERROR with its reason.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const owner = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const retries = options.transportRetries ?? 2;

  return {
    owner,
    async run(eventId: number): Promise<void> {
      const claimed = await options.repository.claim(eventId, owner, options.leaseMs);
      if (claimed === 'busy') throw new ServerBusyError(`server of event ${eventId} is busy`);
      if (!claimed) return;
      await options.notifier.changed(claimed);

      const audience = await options.notifier.audience(claimed);
      const recorder = createOutputRecorder({
        eventId,
        serverId: claimed.serverId,
        audience,
        repository: options.repository,
        bus: options.notifier.bus,
      });
      let leaseLost = false;
      // A worker that lost its event (reaped, or the server and its events were deleted) stops
      // the command in progress at once: nothing keeps running for an event that is over.
      const lost = new AbortController();
      const heartbeat = setInterval(() => {
        options.repository
          .renewLease(eventId, owner, options.leaseMs)
          .then((kept) => {
            leaseLost ||= !kept;
            // The reason is what a step about to start throws (recipe-runner.ts).
            if (leaseLost) lost.abort(eventError('leaseLost'));
          })
          .catch(() => {});
      }, options.heartbeatMs);

      let status: string = EVENT_STATUS.finished;
      let failure: EventText | null = null;
      let reason: string | null = null;
      let session: RemoteSession | null = null;
      try {
        const task = options.hooks?.taskFor(claimed.recipeId);
        const recipe = task ? null : findRecipe(claimed);
        const input = readInput(claimed, options.secretBox);
        if (claimed.serverId === null) throw eventError('noServer');
        const serverId = claimed.serverId;
        const connect = async (port?: number) => {
          const resolved = await options.connections.resolveTarget(serverId);
          const target = port === undefined ? resolved : { ...resolved, port };
          return options.executor.connect(target, {
            onHostKeyRecorded: (fingerprint) => options.connections.recordHostKey(serverId, fingerprint),
          });
        };
        if (options.hooks?.needsSession(claimed.recipeId) ?? true)
          session = await withTransportRetries(() => connect(), retries, recorder.write);
        // What every recipe of this event runs with: its output, cancellation between steps, the
        // current step, and a new session (kept here, closed at the end) after a transport failure.
        const runOptions: RunRecipeOptions = {
          write: recorder.write,
          signal: lost.signal,
          isCancelRequested: () => options.repository.isCancelRequested(eventId),
          setCurrentStep: (stepId) => options.repository.setCurrentStep(eventId, stepId),
          transportRetries: retries,
          reconnect: async () => {
            await session?.close().catch(() => {});
            session = null;
            session = await withTransportRetries(() => connect(), retries, recorder.write);
            return session;
          },
          // A safe-apply confirmation: one new connection, no retries (docs/safe-apply.md).
          connectAgain: async (port) => {
            const fresh = await connect(port);
            await session?.close().catch(() => {});
            session = fresh;
            return fresh;
          },
        };
        const current = () => {
          if (!session) throw new Error('the event has no session');
          return session;
        };

        if (task) {
          await task({
            event: claimed,
            input,
            get session() {
              return current();
            },
            write: recorder.write,
            signal: lost.signal,
            isCancelRequested: () => options.repository.isCancelRequested(eventId),
            runRecipe: async (taskRecipe, recipeInput) =>
              (await runRecipe(current(), taskRecipe, recipeInput, runOptions)).stdout,
          });
        } else {
          await runStoredRecipe(current(), recipe!, input, {
            ...runOptions,
            startStepId: claimed.startStepId,
            // The event's output holds it all; nothing reads it back.
            stdoutLimit: 0,
          });
        }
      } catch (error) {
        if (error instanceof RecipeCancelledError) {
          status = EVENT_STATUS.cancelled;
          failure = error.text;
          reason = error.message;
          recorder.write(`\n${reason}\n`);
        } else {
          status = EVENT_STATUS.error;
          ({ text: failure, reason } = eventErrorLine(error));
          // A recipe event's failed step is named by the event's error line alone, as ever; a
          // task's failure (any of its recipes, or its own logic) ends its output.
          if (!(error instanceof RecipeStepFailedError) || options.hooks?.isTask(claimed.recipeId)) {
            recorder.write(`\n${reason}\n`);
          }
        }
      } finally {
        clearInterval(heartbeat);
        await session?.close().catch(() => {});
        await recorder.flush();
        await options.finishEvent(eventId, { owner, status, reason, failure });
        options.log?.('event finished', { eventId, status });
      }
    },
  };
}

function findRecipe(event: EventRow): Recipe {
  const recipe = event.recipeId ? findPanelRecipe(event.recipeId) : undefined;
  if (!recipe) throw eventError('unknownRecipe', { recipe: event.recipeId ?? '' });
  return recipe;
}

function readInput(event: EventRow, secretBox: SecretBox): unknown {
  if (!event.sealedInput) throw eventError('noInput');
  return JSON.parse(secretBox.open(event.sealedInput, SECRET_PURPOSE.eventInput)) as unknown;
}

async function withTransportRetries<T>(
  action: () => Promise<T>,
  retries: number,
  note: (text: string) => void,
) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if (!isTransportError(error) || attempt >= retries) throw error;
      note(`[${(error as Error).message}; retrying in ${attempt + 1} s]\n`);
      await new Promise((resolve) => setTimeout(resolve, (attempt + 1) * 1000));
    }
  }
}
