/** Waits between the tries of a chunk that failed to load (three tries in all). */
export const CHUNK_RETRY_DELAYS_MS = [500, 2000] as const;

/**
 * `load`, tried again after each delay when it fails. A chunk fetch cut by the network (Chromium's
 * net::ERR_NETWORK_CHANGED when an interface comes or goes, a train through a tunnel) succeeds on
 * the next import(): browsers fetch a failed module and its failed imports again. Seen in the
 * browser tier, where booting test servers adds interfaces: a page stayed blank.
 */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await wait(delay);
    }
  }
  return load();
}
