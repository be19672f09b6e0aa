import { englishEventText, type EventText } from '@hostdeck/contracts';
import type { EventNotifier } from '../events/event-notifier.js';
import type { EventRow, EventsRepository } from '../events/events.repository.js';
import type { EventHooks } from './event-hooks.js';

/** How an event ends: its status and, unless it passed, why (stored as an id and values). */
export interface EventOutcome {
  status: string;
  /** The worker holding the lease; null for the reaper and for cancelling a pending event. */
  owner: string | null;
  /** The failure as EVENT_ERRORS id and values; its English line is stored beside it. */
  failure?: EventText | null;
  /** The English line when the failure has no id (a library's message). */
  reason?: string | null;
  /** Appended to the output once the row is finished (the reaper's reason; a worker wrote its own). */
  outputLine?: string;
}

/**
 * The one way an event ends, whoever ends it (the job runner, the lease reaper, cancelling a
 * pending event): the row is finished (only once: a second caller gets null), then the areas'
 * finished handlers settle what the event was about (a site becomes active or failed, a server
 * installed, a certificate failed), then the people concerned are told (Event-status, and the
 * Update-data keys the handlers answered). Notifying writes nothing, so a browser reloading on
 * the message already reads the settled state. Last, the server's next event is started.
 */
export function createEventFinisher(options: {
  repository: EventsRepository;
  hooks: Pick<EventHooks, 'finished'>;
  notifier: Pick<EventNotifier, 'changed'>;
  /**
   * Starts the server's next event now that this one is over (panel.ts): waiting events are not
   * polled for, the one before them hands over. It may fail: a waiting event also tries again on
   * its own, later.
   */
  handOver?: (finished: EventRow) => Promise<void>;
}) {
  return async function finishEvent(eventId: number, outcome: EventOutcome): Promise<EventRow | null> {
    const failure = outcome.failure ?? null;
    const reason = outcome.reason ?? (failure ? englishEventText(failure, 'error') : null);
    const finished = await options.repository.finish(eventId, outcome.owner, outcome.status, reason, failure);
    if (!finished) return null;
    if (outcome.outputLine !== undefined) {
      const line = `\n${outcome.outputLine}\n`;
      await options.repository.appendOutput(eventId, line, Buffer.byteLength(line), finished.outputTruncated);
    }
    const updateKeys = await options.hooks.finished(finished);
    await options.notifier.changed(finished, updateKeys);
    await options.handOver?.(finished).catch(() => {});
    return finished;
  };
}
export type FinishEvent = ReturnType<typeof createEventFinisher>;
