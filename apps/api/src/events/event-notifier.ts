import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { eventColor, presentEvent } from './event-presenter.js';
import type { EventRow, EventsRepository } from './events.repository.js';

/**
 * Tells the people concerned that an event changed (Event-status, spec/000 §4): everyone who may
 * view its server (owner and the teams sharing it, policy/server-policy.ts), the same people who
 * see it in GET api/events; an event without a server goes to the user who started it.
 */
export function createEventNotifier(options: {
  bus: RealtimeBus;
  repository: EventsRepository;
  connections: ServerConnections;
}) {
  const audience = async (event: EventRow): Promise<number[]> => {
    if (event.serverId !== null) return options.connections.usersWithAccess(event.serverId);
    return event.userId === null ? [] : [event.userId];
  };

  return {
    bus: options.bus,
    audience,
    async changed(event: EventRow) {
      // The server's own state first (installed, hotfix), so a browser reloading on the message
      // below already reads it.
      const updateKeys = await options.connections.settleFinishedEvent(event);
      const context = await options.repository.findContext(event);
      // English beside the ids: each browser shows the ids in its reader's language.
      const presented = presentEvent(event, {
        name: context.userName,
        photo: null,
        serverName: context.serverName,
        siteName: context.siteName,
      });
      for (const userId of await audience(event)) {
        options.bus.publish(userId, {
          type: 'Event-status',
          description: event.description,
          color: eventColor(event.status),
          event: presented,
        });
        if (updateKeys.length > 0) options.bus.publish(userId, { type: 'Update-data', keys: updateKeys });
      }
    },
  };
}
export type EventNotifier = ReturnType<typeof createEventNotifier>;
