import { EVENT_STATUS, englishEventText } from '@hostdeck/contracts';
import type { EventNotifier } from '../events/event-notifier.js';
import type { EventsRepository } from '../events/events.repository.js';
import type { JobQueue } from './job-queue.js';

/**
 * Turns running events whose lease expired (the process was killed, the machine rebooted) into
 * ERROR with a reason, and releases their queue jobs so the server's next event can start.
 * Runs at startup and periodically: no event stays running forever.
 */
export function createLeaseReaper(options: {
  repository: EventsRepository;
  queue: JobQueue;
  notifier: EventNotifier;
  intervalMs: number;
  onError?: (error: unknown) => void;
}) {
  let timer: NodeJS.Timeout | null = null;

  const reap = async (): Promise<number> => {
    const expired = await options.repository.findExpiredLeases();
    let count = 0;
    for (const event of expired) {
      const text = {
        id: 'leaseExpired',
        values: { time: event.leaseExpiresAt?.toISOString() ?? '?' },
      } as const;
      const reason = englishEventText(text, 'error');
      const finished = await options.repository.finish(event.id, null, EVENT_STATUS.error, reason, text);
      if (!finished) continue;
      count += 1;
      await options.repository.appendOutput(
        event.id,
        `\n${reason}\n`,
        Buffer.byteLength(reason) + 2,
        event.outputTruncated,
      );
      if (event.queueJobId) await options.queue.release(event.queueJobId);
      await options.notifier.changed(finished);
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
