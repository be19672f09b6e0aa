import type { OutboxMessage } from '@hostdeck/contracts';

/** Newest first; messages of the same instant by id, the later one first. */
export function sortNewestFirst(messages: readonly OutboxMessage[]): OutboxMessage[] {
  return [...messages].sort((a, b) => {
    const byTime = (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0);
    return byTime !== 0 ? byTime : b.id - a.id;
  });
}
