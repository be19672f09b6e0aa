/**
 * spec/000 §2: "A failed page-chunk load reloads the page". After a deploy, the old index.html
 * asks for chunk files that no longer exist; a reload fetches the new index. The time of the last
 * reload is kept so that a chunk that keeps failing shows the error page instead of looping.
 */
const LAST_RELOAD_KEY = 'chunk-reload-at';
const LOOP_WINDOW_MS = 10_000;

/** Reloads the page unless it was just reloaded for the same reason; true when reloading. */
export function reloadAfterChunkError(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (now - last < LOOP_WINDOW_MS) return false;
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // Without session storage there is no loop guard: do not risk reloading forever.
    return false;
  }
  window.location.reload();
  return true;
}
