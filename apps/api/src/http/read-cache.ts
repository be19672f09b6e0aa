import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RealtimeBus } from '../realtime/realtime-bus.js';

/**
 * Answers read from the database, kept for a moment and shared (ARCHITECTURE.md, Scale; docs/read-cache.md).
 *
 * When something changes, every open browser of every user it concerns reloads the same lists at
 * the same moment (an Update-data message, spec/000 §4), and a user's tabs each send their own
 * request. The read cache makes that burst one database read per user and list. It holds the
 * session of a cookie (auth/authentication.ts) and the answers of routes that opt in with
 * `readCache` (http/route.ts: the server and site lists).
 *
 * Correctness comes from dropping everything, not from knowing what depends on what:
 * - a write through the API (any method but GET, HEAD and OPTIONS) drops the cache of its process
 *   when it starts and when it answers, and the other processes' as it answers
 *   (`bus.announceChange`: through LISTEN/NOTIFY, milliseconds later; the answer waits until the
 *   announcement came back to its own process, so PostgreSQL has sent it to the others too);
 * - an Update-data message (published by whatever changed the data, a finishing event as well as a
 *   request) drops it in every process that receives it, before the browsers it tells to reload
 *   can ask again;
 * - an answer computed while a drop happened is not kept (the generation check), so a read that
 *   raced a write never stores what it read before the write;
 * - nothing is kept longer than its time to live (1 s for the lists): the bound for a change that
 *   announced nothing (another process's background write).
 */
export interface ReadCache {
  /**
   * The value of `key`: computed by `compute` once for concurrent callers, then reused for
   * `ttlMs` unless something is written first. A failed computation is not kept, nor a value
   * `keep` refuses (a session that does not exist: anyone can send such cookies by the thousand).
   */
  remember<T>(
    key: string,
    ttlMs: number,
    compute: () => Promise<T>,
    keep?: (value: T) => boolean,
  ): Promise<T>;
  /** The value of `key` if it is there and still fresh, without computing anything. */
  peek<T>(key: string): T | undefined;
  /** Drops every value (something was written). */
  flush(): void;
  /** How many values it holds (tests). */
  readonly size: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface Pending {
  generation: number;
  promise: Promise<unknown>;
}

export function createReadCache(options: { maxEntries?: number; now?: () => number } = {}): ReadCache {
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Pending>();
  let generation = 0;

  const store = (key: string, value: unknown, expiresAt: number) => {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      // Oldest first (insertion order); a full cache loses its oldest value, not the new one.
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, { value, expiresAt });
  };

  return {
    async remember<T>(
      key: string,
      ttlMs: number,
      compute: () => Promise<T>,
      keep?: (value: T) => boolean,
    ): Promise<T> {
      const entry = entries.get(key);
      if (entry) {
        if (entry.expiresAt > now()) return entry.value as T;
        entries.delete(key);
      }
      const running = pending.get(key);
      if (running && running.generation === generation) return running.promise as Promise<T>;
      const startedIn = generation;
      const promise = compute();
      const shared: Pending = { generation: startedIn, promise };
      pending.set(key, shared);
      try {
        const value = await promise;
        if (generation === startedIn && (keep?.(value) ?? true)) store(key, value, now() + ttlMs);
        return value;
      } finally {
        if (pending.get(key) === shared) pending.delete(key);
      }
    },
    peek<T>(key: string): T | undefined {
      const entry = entries.get(key);
      return entry && entry.expiresAt > now() ? (entry.value as T) : undefined;
    },
    flush() {
      generation += 1;
      entries.clear();
      pending.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The cache of the app (route.ts reads it for routes with `readCache`). */
declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

/** How long a list answer (servers, sites) is reused at most: `readCacheMs` of their routes. */
export const LIST_READ_CACHE_MS = 1000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Drops the cache around every write through the API: in this process when the write starts (so
 * nothing read meanwhile is kept), and in every process as its answer goes out.
 */
export const readCaching = fp(async function readCachingPlugin(
  app: FastifyInstance,
  options: { cache: ReadCache; bus: Pick<RealtimeBus, 'announceChange'> },
) {
  app.decorate('readCache', options.cache);
  app.addHook('onRequest', async (request) => {
    if (!READ_METHODS.has(request.method)) options.cache.flush();
  });
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method)) await options.bus.announceChange();
  });
});
