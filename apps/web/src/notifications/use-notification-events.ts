import { useQuery, type QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT_LIMIT, eventSchema, paginatedSchema, type Event } from '@hostdeck/contracts';
import { apiRequest } from '../api/client';
import { NOTIFICATIONS_QUERY_KEY, upsertEvent } from './notification-events';

const eventsPageSchema = paginatedSchema(eventSchema);

/** The latest events for the bell (spec/000 §7: on mount, response data.data is the list). */
async function fetchNotificationEvents(): Promise<Event[]> {
  const body = await apiRequest('GET', `/api/events?page=1&itemsPerPage=${NOTIFICATION_EVENT_LIMIT}`);
  return eventsPageSchema.parse(body).data;
}

/** The bell's events, loaded when the bell mounts (signed in) and kept live by Event-status. */
export function useNotificationEvents() {
  return useQuery({ queryKey: NOTIFICATIONS_QUERY_KEY, queryFn: fetchNotificationEvents });
}

/**
 * Applies an Event-status event to the bell's list. Before the list has loaded there is nothing to
 * update: the first load will contain the event.
 */
export function upsertNotificationEvent(queryClient: QueryClient, event: Event): void {
  queryClient.setQueryData<Event[]>(NOTIFICATIONS_QUERY_KEY, (events) =>
    events ? upsertEvent(events, event) : events,
  );
}
