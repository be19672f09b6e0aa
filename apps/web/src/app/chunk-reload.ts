import { showLoadingOverlay } from '../components/loading-overlay-store';

/**
 * Reloads that fix a stale page: spec/000 §2 "A failed page-chunk load reloads the page" (after a
 * deploy, the old index.html asks for chunk files that no longer exist; a reload fetches the new
 * index) and §8 "419: page reloads" (the CSRF token expired with the page). The time of the last
 * reload per reason is kept so that a failure that keeps coming back shows an error instead of
 * reloading forever. While the new page loads, the full-screen loading overlay (spec/000 §2) keeps
 * the reader from acting on the stale one.
 */
const LOOP_WINDOW_MS = 10_000;

export type ReloadReason = 'chunk' | 'csrf';

/** Reloads the page unless it was just reloaded for the same reason; true when reloading. */
export function reloadPageOnce(reason: ReloadReason, now = Date.now()): boolean {
  const key = `${reason}-reload-at`;
  try {
    const last = Number(window.sessionStorage.getItem(key) ?? 0);
    if (now - last < LOOP_WINDOW_MS) return false;
    window.sessionStorage.setItem(key, String(now));
  } catch {
    // Without session storage there is no loop guard: do not risk reloading forever.
    return false;
  }
  showLoadingOverlay();
  window.location.reload();
  return true;
}

/** A page chunk failed to load: reload once; true when reloading. */
export function reloadAfterChunkError(now = Date.now()): boolean {
  return reloadPageOnce('chunk', now);
}
