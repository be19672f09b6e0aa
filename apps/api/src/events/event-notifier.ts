import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { eventColor, presentEvent } from './event-presenter.js';
import type { EventRow, EventsRepository } from './events.repository.js';

/**
 * Tells the people concerned that an event changed (Event-status, spec/000 §4): the user who
 * started it and the server's owner. Team members join the audience once teams exist.
 */
export function createEventNotifier(options: {
  bus: RealtimeBus;
  repository: EventsRepository;
  connections: ServerConnections;
}) {
  const audience = async (event: EventRow): Promise<number[]> => {
    const ids = new Set<number>();
    if (event.userId !== null) ids.add(event.userId);
    if (event.serverId !== null) {
      const owner = await options.connections.ownerOf(event.serverId);
      if (owner !== null) ids.add(owner);
    }
    return [...ids];
  };

  return {
    bus: options.bus,
    audience,
    async changed(event: EventRow) {
      const names = await options.repository.findUserNames(event.userId === null ? [] : [event.userId]);
      const presented = presentEvent(event, {
        name: event.userId === null ? null : (names.get(event.userId) ?? null),
        photo: null,
      });
      for (const userId of await audience(event)) {
        options.bus.publish(userId, {
          type: 'Event-status',
          description: event.description,
          color: eventColor(event.status),
          event: presented,
        });
      }
    },
  };
}
export type EventNotifier = ReturnType<typeof createEventNotifier>;
