import Fuse from 'fuse.js';

export interface SearchEntry {
  path: string;
  type: 'dir' | 'file' | 'symbolic';
}

export type SearchOption = { kind: 'entry'; entry: SearchEntry } | { kind: 'goto'; path: string };

const MAX_RESULTS = 50;

/**
 * spec/001 §2 Search: fuzzy over the loaded tree's paths; with no match, a 'Go to {path}' entry
 * (when the query looks like a path) that navigates directly.
 */
export function searchOptions(entries: readonly SearchEntry[], query: string): SearchOption[] {
  const text = query.trim();
  if (text === '') return entries.slice(0, MAX_RESULTS).map((entry) => ({ kind: 'entry', entry }));
  const fuse = new Fuse(entries as SearchEntry[], { keys: ['path'], threshold: 0.4, ignoreLocation: true });
  const found = fuse
    .search(text, { limit: MAX_RESULTS })
    .map((result) => ({ kind: 'entry' as const, entry: result.item }));
  if (found.length > 0) return found;
  return [{ kind: 'goto', path: text.startsWith('/') ? text : `/${text}` }];
}

/** Up/down/tab/shift+tab move the highlighted option, wrapping around. */
export function moveHighlight(index: number, count: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return (index + step + count) % count;
}
