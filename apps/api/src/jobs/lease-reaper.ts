import { EVENT_STATUS, englishEventText } from '@hostdeck/contracts';
import type { EventsRepository } from '../events/events.repository.js';
import type { FinishEvent } from './finish-event.js';
import type { JobQueue } from './job-queue.js';

/**
 * Turns running events whose lease expired (the process was killed, the machine rebooted) into
 * ERROR with a reason, through finishEvent (what the event was about settles as for any other
 * end), and releases their queue jobs so the server's next event can start.
 * Runs at startup and periodically: no event stays running forever.
 */
export function createLeaseReaper(options: {
  repository: EventsRepository;
  queue: JobQueue;
  /** Ends each event as every path does: the areas settle it, then the people concerned are told. */
  finishEvent: FinishEvent;
  intervalMs: number;
  onError?: (error: unknown) => void;
}) {
  let timer: NodeJS.Timeout | null = null;

  const reap = async (): Promise<number> => {
    const expired = await options.repository.findExpiredLeases();
    let count = 0;
    for (const event of expired) {
      const failure = {
        id: 'leaseExpired',
        values: { time: event.leaseExpiresAt?.toISOString() ?? '?' },
      } as const;
      const finished = await options.finishEvent(event.id, {
        owner: null,
        status: EVENT_STATUS.error,
        failure,
        outputLine: englishEventText(failure, 'error'),
      });
      if (!finished) continue;
      count += 1;
      if (event.queueJobId) await options.queue.release(event.queueJobId);
    }
    return count;
  };

  return {
    reap,
    start() {
      timer ??= setInterval(
        () => void reap().catch((error: unknown) => options.onError?.(error)),
        options.intervalMs,
      );
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
