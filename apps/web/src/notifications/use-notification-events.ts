import { useQuery, type QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT_LIMIT, eventSchema, paginatedSchema, type Event } from '@hostdeck/contracts';
import { apiRequest } from '../api/client';
import { useAppInfo } from '../api/use-app-info';
import { NOTIFICATIONS_QUERY_KEY, upsertEvent } from './notification-events';

const eventsPageSchema = paginatedSchema(eventSchema);

/** The latest events for the bell (spec/000 §7: on mount, response data.data is the list). */
async function fetchNotificationEvents(): Promise<Event[]> {
  const body = await apiRequest('GET', `/api/events?page=1&itemsPerPage=${NOTIFICATION_EVENT_LIMIT}`);
  return eventsPageSchema.parse(body).data;
}

/**
 * The bell's events, loaded when the bell mounts (signed in) and kept live by Event-status. Not
 * for an unverified user: the panel refuses them the events (403) until the email is verified,
 * an expected state the verification banner already explains (issue 26, item 8).
 */
export function useNotificationEvents() {
  const verified = useAppInfo().data?.user?.email_verified === true;
  return useQuery({ queryKey: NOTIFICATIONS_QUERY_KEY, queryFn: fetchNotificationEvents, enabled: verified });
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
