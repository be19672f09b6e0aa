import type { UpdateKey } from '@hostdeck/contracts';
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
  connections: Pick<ServerConnections, 'usersWithAccess'>;
}) {
  const audience = async (event: EventRow): Promise<number[]> => {
    if (event.serverId !== null) return options.connections.usersWithAccess(event.serverId);
    return event.userId === null ? [] : [event.userId];
  };

  return {
    bus: options.bus,
    audience,
    /**
     * Presents and publishes only: it writes nothing. What a finished event settles (a server
     * installed, a site failed) was written before, by finishEvent's handlers (jobs/finish-event.ts),
     * which also hand over the Update-data keys to send with the status.
     */
    async changed(event: EventRow, updateKeys: readonly UpdateKey[] = []): Promise<number[]> {
      const context = await options.repository.findContext(event);
      // English beside the ids: each browser shows the ids in its reader's language.
      const presented = presentEvent(event, {
        name: context.userName,
        photo: null,
        serverName: context.serverName,
        siteName: context.siteName,
      });
      const people = await audience(event);
      for (const userId of people) {
        options.bus.publish(userId, {
          type: 'Event-status',
          description: event.description,
          color: eventColor(event.status),
          event: presented,
        });
        if (updateKeys.length > 0)
          options.bus.publish(userId, { type: 'Update-data', keys: [...updateKeys] });
      }
      // Who was told: a caller announcing more about the same server reuses it.
      return people;
    },
  };
}
export type EventNotifier = ReturnType<typeof createEventNotifier>;
