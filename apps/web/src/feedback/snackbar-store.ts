import { useSyncExternalStore } from 'react';

/** A snackbar of spec/000 §3: message and colour. */
export interface Snackbar {
  id: number;
  message: string;
  color: SnackbarColor;
}
export type SnackbarColor = 'success' | 'info' | 'warning' | 'error';

/**
 * The snackbar queue (spec/000 §2, §4): one shows at a time, the rest wait behind a "Next (n)"
 * button. A module-level store so code outside React (the API error handling) can enqueue.
 */
let queue: readonly Snackbar[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Snackbar[]) {
  queue = next;
  for (const listener of listeners) listener();
}

export function showSnackbar(message: string, color: SnackbarColor = 'success'): void {
  publish([...queue, { id: nextId++, message, color }]);
}

/** Removes the snackbar on screen (timeout, close or "Next"); the next one in line shows. */
export function dismissSnackbar(id: number): void {
  publish(queue.filter((snackbar) => snackbar.id !== id));
}

export function clearSnackbars(): void {
  publish([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The whole queue; the first entry is the one on screen. */
export function useSnackbarQueue(): readonly Snackbar[] {
  return useSyncExternalStore(subscribe, () => queue);
}
