import { createExternalStore, useExternalStore } from './external-store';

/**
 * The full-screen loading overlay of spec/000 §2. A count rather than a flag: two actions that
 * overlap each show and hide it, and it stays until the last one is done.
 */
const pending = createExternalStore(0);

export function showLoadingOverlay(): void {
  pending.set((count) => count + 1);
}

export function hideLoadingOverlay(): void {
  pending.set((count) => Math.max(0, count - 1));
}

export function useLoadingOverlayVisible(): boolean {
  return useExternalStore(pending) > 0;
}

/** Test helper and escape hatch after a navigation away: hides it whatever the count. */
export function resetLoadingOverlay(): void {
  pending.set(0);
}

export function isLoadingOverlayVisible(): boolean {
  return pending.get() > 0;
}
