import type { Event, HotfixItem } from '@hostdeck/contracts';

/** The change log starts after the oldest agent among the servers to update (all of it without one). */
export function changelogSince(items: readonly HotfixItem[]): number | undefined {
  return items.length ? Math.min(...items.map((item) => item.agent_version)) : undefined;
}

/** The started events, one replaced by its newer state (realtime Event-status). */
export function withEventUpdate(started: readonly Event[], update: Event): Event[] {
  return started.map((event) => (event.id === update.id ? update : event));
}

/** spec/000 §4: the hotfix button is busy while a hotfix event is unfinished. */
export function hotfixBusy(items: readonly HotfixItem[], started: readonly Event[]): boolean {
  return (
    started.some((event) => !event.is_finished) || (started.length === 0 && items.some((item) => item.busy))
  );
}
