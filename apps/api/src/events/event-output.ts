import type { EventOutput, Locale } from '@hostdeck/contracts';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { EventsService } from './events.service.js';

/** How often the row is read again when no realtime message wakes the wait (another process). */
const RECHECK_MS = 1000;

/**
 * An event's output after `offset` (contracts eventOutputRoutes): at once when there is some or
 * the event has finished; else it waits, up to `waitSeconds`, for the event's own realtime
 * messages (Stream_content, Event-status) to the caller, reading the row again every second.
 * The event is read through the events service: the caller's policy decides (404 otherwise).
 */
export async function eventOutputAfter(
  deps: { events: EventsService; bus: RealtimeBus; now?: () => number },
  input: { eventId: number; userId: number; offset: number; waitSeconds: number; locale: Locale },
): Promise<EventOutput> {
  const now = deps.now ?? Date.now;
  const deadline = now() + input.waitSeconds * 1000;
  for (;;) {
    const event = await deps.events.show(input.eventId, input.userId, input.locale);
    const ready = event.output.length > input.offset || event.is_finished || now() >= deadline;
    if (ready) {
      return {
        output: event.output.slice(Math.min(input.offset, event.output.length)),
        offset: Math.max(event.output.length, Math.min(input.offset, event.output.length)),
        is_finished: event.is_finished,
        status: event.status,
      };
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(RECHECK_MS, Math.max(0, deadline - now())));
      const unsubscribe = deps.bus.subscribe(input.userId, (message) => {
        const id =
          message.type === 'Stream_content'
            ? message.eventId
            : message.type === 'Event-status'
              ? message.event.id
              : null;
        if (id === input.eventId) done();
      });
      function done() {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    });
  }
}
