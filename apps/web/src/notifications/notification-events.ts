import { NOTIFICATION_BADGE_CAP, NOTIFICATION_EVENT_LIMIT, type Event } from '@hostdeck/contracts';

/** Not ['events']: the events page keeps its own pages under that key. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/**
 * Adds a new event or replaces the stored copy of one (Event-status, spec/000 §4). Newest first,
 * at most NOTIFICATION_EVENT_LIMIT kept, as the panel lists them.
 */
export function upsertEvent(events: readonly Event[], event: Event): Event[] {
  const others = events.filter((candidate) => candidate.id !== event.id);
  return [...others, event].sort((a, b) => b.id - a.id).slice(0, NOTIFICATION_EVENT_LIMIT);
}

/** The bell counts unfinished events among the latest ten (spec/000 §2). */
export function unfinishedCount(events: readonly Event[]): number {
  return events.slice(0, NOTIFICATION_EVENT_LIMIT).filter((event) => !event.is_finished).length;
}

/** The badge text: nothing at 0 (no badge), the count up to 9, then '9+'. */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}
