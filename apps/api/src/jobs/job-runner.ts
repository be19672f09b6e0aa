import { randomUUID } from 'node:crypto';
import { EVENT_STATUS, englishEventText, type EventText } from '@hostdeck/contracts';
import { buildStepInvocation, getRecipe, type Recipe } from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import type { EventsRepository, EventRow } from '../events/events.repository.js';
import { createOutputRecorder } from '../events/output-recorder.js';
import type { EventNotifier } from '../events/event-notifier.js';
import type { RemoteExecutor, RemoteSession } from '../remote/remote-executor.js';
import { SECRET_PURPOSE, type ServerConnections } from '../servers/server-connection.js';
import { eventError, eventErrorLine, stepFailedText, stepValues } from './event-error.js';
import { TaskStepError, type EventHooks } from './event-hooks.js';

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
  /** Panel tasks and finished-event handlers registered by the areas. */
  hooks?: EventHooks;
}

/**
 * Runs one event: claim it under a lease, connect, run the recipe's steps in order (checking for
 * cancellation between steps), stream the output, and finish it as FINISHED, ERROR or CANCELLED.
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
            if (leaseLost) lost.abort();
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
        const steps = recipe ? stepsFrom(recipe, claimed.startStepId) : [];
        if (claimed.serverId === null) throw eventError('noServer');
        const serverId = claimed.serverId;
        const connect = async () => {
          const target = await options.connections.resolveTarget(serverId);
          return options.executor.connect(target, {
            onHostKeyRecorded: (fingerprint) => options.connections.recordHostKey(serverId, fingerprint),
          });
        };
        session = await withTransportRetries(connect, retries, recorder.write);

        if (task) {
          const taskSession: RemoteSession = session;
          await task({
            event: claimed,
            input,
            session: taskSession,
            write: recorder.write,
            signal: lost.signal,
            isCancelRequested: () => options.repository.isCancelRequested(eventId),
            runRecipe: (recipeId, recipeInput) =>
              runRecipeSteps(taskSession, recipeId, recipeInput, recorder.write, lost.signal),
          });
        }
        for (const step of steps) {
          if (await options.repository.isCancelRequested(eventId)) {
            status = EVENT_STATUS.cancelled;
            failure = { id: 'cancelledBeforeStep', values: stepValues(recipe!.id, step) };
            reason = englishEventText(failure, 'error');
            recorder.write(`\n${reason}\n`);
            break;
          }
          if (leaseLost) throw eventError('leaseLost');
          await options.repository.setCurrentStep(eventId, step.id);
          recorder.write(`\n==> ${step.title}\n`);
          const invocation = buildStepInvocation(recipe!, step.id, input);
          let attempt = 0;
          for (;;) {
            try {
              const activeSession: RemoteSession = session;
              const result = await activeSession.run({
                command: invocation.command,
                stdin: invocation.stdin,
                onStdout: recorder.write,
                onStderr: recorder.write,
                totalTimeoutMs: step.timeoutMs,
                signal: lost.signal,
              });
              if (result.exitCode !== 0) {
                status = EVENT_STATUS.error;
                failure = stepFailedText(recipe!.id, step, result.exitCode ?? result.signal);
                reason = englishEventText(failure, 'error');
              }
              break;
            } catch (error) {
              if (!step.idempotent || !isTransportError(error) || attempt >= retries) throw error;
              attempt += 1;
              recorder.write(
                `\n[connection lost: ${(error as Error).message}; retrying step (${attempt}/${retries})]\n`,
              );
              await session.close().catch(() => {});
              session = await withTransportRetries(connect, retries, recorder.write);
            }
          }
          if (status !== EVENT_STATUS.finished) break;
        }
      } catch (error) {
        status = EVENT_STATUS.error;
        ({ text: failure, reason } = eventErrorLine(error));
        recorder.write(`\n${reason}\n`);
      } finally {
        clearInterval(heartbeat);
        await session?.close().catch(() => {});
        await recorder.flush();
        const finished = await options.repository.finish(eventId, owner, status, reason, failure);
        if (finished) {
          await options.hooks?.finished(finished);
          await options.notifier.changed(finished);
        }
        options.log?.('event finished', { eventId, status });
      }
    },
  };
}

/** Every step of a recipe over a task's session; stdout is returned, a failed step throws. */
async function runRecipeSteps(
  session: RemoteSession,
  recipeId: string,
  input: unknown,
  write: (text: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const recipe = getRecipe(recipeId);
  if (!recipe) throw eventError('unknownRecipe', { recipe: recipeId });
  let stdout = '';
  for (const step of recipe.steps) {
    write(`\n==> ${step.title}\n`);
    const invocation = buildStepInvocation(recipe, step.id, input);
    const result = await session.run({
      command: invocation.command,
      stdin: invocation.stdin,
      onStdout: (chunk) => {
        stdout += chunk;
        write(chunk);
      },
      onStderr: write,
      totalTimeoutMs: step.timeoutMs,
      signal,
    });
    if (result.exitCode !== 0) {
      throw new TaskStepError(stepFailedText(recipe.id, step, result.exitCode ?? result.signal), stdout);
    }
  }
  return stdout;
}

function findRecipe(event: EventRow): Recipe {
  const recipe = event.recipeId ? getRecipe(event.recipeId) : undefined;
  if (!recipe) throw eventError('unknownRecipe', { recipe: event.recipeId ?? '' });
  return recipe;
}

function readInput(event: EventRow, secretBox: SecretBox): unknown {
  if (!event.sealedInput) throw eventError('noInput');
  return JSON.parse(secretBox.open(event.sealedInput, SECRET_PURPOSE.eventInput)) as unknown;
}

function stepsFrom(recipe: Recipe, startStepId: string | null) {
  if (!startStepId) return recipe.steps;
  const index = recipe.steps.findIndex((step) => step.id === startStepId);
  if (index < 0) throw eventError('unknownStep', { step: startStepId });
  return recipe.steps.slice(index);
}

function isTransportError(error: unknown): boolean {
  return Boolean((error as { retryable?: boolean } | null)?.retryable);
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
