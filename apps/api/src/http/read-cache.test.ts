import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, serverListSchema } from '@hostdeck/contracts';
import { servers } from '../database/schema.js';
import { apiAs, insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { eq } from '../testing/sql.js';
import { waitFor } from '../testing/wait-for.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTwoPanels } from '../testing/two-panels.js';
import { createReadCache } from './read-cache.js';
import { route } from './route.js';

const [pglite, postgres] = await availableTestDatabases();
/** A cross-process drop is awaited this long at most: well under LIST_READ_CACHE_MS (1 s). */
const FAR_BELOW_THE_TTL_MS = 300;

describe('read cache', () => {
  it('computes once for concurrent callers and reuses the value until it expires', async () => {
    let now = 1000;
    const cache = createReadCache({ now: () => now });
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return computed;
    };
    const [a, b] = await Promise.all([cache.remember('k', 100, compute), cache.remember('k', 100, compute)]);
    expect([a, b, computed]).toEqual([1, 1, 1]);
    now += 99;
    expect(await cache.remember('k', 100, compute)).toBe(1);
    now += 1;
    expect(await cache.remember('k', 100, compute)).toBe(2);
  });

  it('keeps nothing read while a write happened, nothing that failed, nothing refused', async () => {
    const cache = createReadCache();
    let release!: () => void;
    const read = cache.remember('k', 10_000, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'before the write';
    });
    cache.flush();
    release();
    expect(await read).toBe('before the write');
    expect(await cache.remember('k', 10_000, async () => 'after')).toBe('after');

    await expect(cache.remember('f', 10_000, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.remember('f', 10_000, async () => 'second try')).toBe('second try');

    expect(
      await cache.remember(
        'n',
        10_000,
        async () => null,
        (value) => value !== null,
      ),
    ).toBeNull();
    expect(
      await cache.remember(
        'n',
        10_000,
        async () => 'found',
        (value) => value !== null,
      ),
    ).toBe('found');
  });

  it('is only for signed-in GET routes', async () => {
    const app = Fastify();
    const post = { method: 'POST', path: '/x', response: z.object({}) } as const;
    const get = { method: 'GET', path: '/y', response: z.object({}) } as const;
    expect(() => route(app, post, { readCacheMs: 1000 }, () => ({}))).toThrow(/readCacheMs/);
    expect(() => route(app, get, { readCacheMs: 1000, public: true }, () => ({}))).toThrow(/readCacheMs/);
    await app.close();
  });

  it('holds at most its number of entries, losing the oldest', async () => {
    const cache = createReadCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.remember(key, 10_000, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.remember('a', 10_000, async () => 'a again')).toBe('a again');
    expect(await cache.remember('c', 10_000, async () => 'c again')).toBe('c');
  });
});

describe('read cache in the panel', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!);
  });
  afterAll(async () => test.close());
  const names = async (api: Awaited<ReturnType<typeof signIn>>['api']) => {
    const response = await api.get('/api/servers');
    expect(response.statusCode, response.body).toBe(200);
    return serverListSchema.parse(response.json()).data.map((server) => server.name);
  };

  it('answers a repeated list from memory, the same bytes', async () => {
    const olga = await signIn(test, 'Olga');
    await insertServer(test.database.db, olga.user.id, { name: 'web-1' });
    const first = await olga.api.get('/api/servers');
    // Written behind the panel's back (no request, no Update-data): the next second still has the
    // answer read before it, which proves the answer came from memory.
    await insertServer(test.database.db, olga.user.id, { name: 'web-2' });
    const second = await olga.api.get('/api/servers');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-security-policy']).toBeTruthy();
    // Another user, or another language, is another answer.
    const ed = await signIn(test, 'Ed');
    expect(await names(ed.api)).toEqual([]);
  });

  it('sends a cached answer compressed as the browser asks, compressing it once', async () => {
    const { user, cookie } = await createSignedInUser(test.database.db, 'Olga');
    for (let index = 0; index < 20; index += 1) {
      await insertServer(test.database.db, user.id, { name: `compressed-${index}` });
    }
    const plain = await (await apiAs(test, cookie)).get('/api/servers');
    const headers = (encoding: string) => ({ cookie, 'accept-encoding': encoding });
    for (const [asked, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
    ] as const) {
      const response = await test.app.inject({ method: 'GET', url: '/api/servers', headers: headers(asked) });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('reads again after any write through the API, and after an Update-data message', async () => {
    const olga = await signIn(test, 'Olga');
    const server = await insertServer(test.database.db, olga.user.id, { name: 'shop-1' });
    expect(await names(olga.api)).toEqual(['shop-1']);
    // A write through the API (here one that changes nothing in the list) drops the cache.
    await insertServer(test.database.db, olga.user.id, { name: 'shop-2' });
    expect((await olga.api.post(`/api/servers/${server.id}/favorite`)).statusCode).toBe(200);
    expect(await names(olga.api)).toEqual(['shop-2', 'shop-1']);
    // A finished event's Update-data (written, then published, with no request).
    await test.database.db.update(servers).set({ name: 'shop-3' }).where(eq(servers.id, server.id));
    test.panel.bus.publish(olga.user.id, { type: 'Update-data', keys: ['servers'] });
    expect(await names(olga.api)).toEqual(['shop-2', 'shop-3']);
  });

  it('refuses a session as soon as it is signed out', async () => {
    const { cookie } = await createSignedInUser(test.database.db, 'Sam');
    const api = await apiAs(test, cookie);
    expect((await api.get('/api/servers')).statusCode).toBe(200);
    expect((await api.post('/api/logout')).statusCode).toBe(204);
    expect((await api.get('/api/servers')).statusCode).toBe(401);
  });
});

describe.runIf(postgres)('read cache across two panel processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let two: Awaited<ReturnType<typeof createTwoPanels>>;
  beforeAll(async () => {
    two = await createTwoPanels(postgres!);
  });
  afterAll(async () => two?.close());

  /** A browser's calls to one process: session and CSRF cookies, as apiAs sends them. */
  async function client(panelIndex: 0 | 1, sessionCookie: string) {
    const app = two.panels[panelIndex].app;
    const probe = await app.inject({ method: 'GET', url: '/api/health' });
    const csrf = probe.cookies.find((cookie) => cookie.name === CSRF_COOKIE)!.value;
    const headers = { cookie: `${sessionCookie}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf };
    return {
      get: (url: string) => app.inject({ method: 'GET', url, headers }),
      post: (url: string) => app.inject({ method: 'POST', url, headers }),
    };
  }

  it('a write answered by one process is seen by the other within milliseconds', async () => {
    const { user, cookie } = await createSignedInUser(two.db, 'Olga');
    const server = await insertServer(two.db, user.id, { name: 'one' });
    const [a, b] = [await client(0, cookie), await client(1, cookie)];
    const favorite = async () =>
      serverListSchema.parse((await b.get('/api/servers')).json()).data[0]!.is_favorite;
    expect(await favorite()).toBe(false);
    expect((await a.post(`/api/servers/${server.id}/favorite`)).statusCode).toBe(200);
    // PostgreSQL signals each listening process on its own: milliseconds, far below the second
    // an answer may otherwise live.
    await waitFor(favorite, { timeoutMs: FAR_BELOW_THE_TTL_MS, intervalMs: 5, what: 'the favourite' });
  });

  it('a sign-out answered by one process ends the session in the other within milliseconds', async () => {
    const { cookie } = await createSignedInUser(two.db, 'Sam');
    const [a, b] = [await client(0, cookie), await client(1, cookie)];
    expect((await b.get('/api/servers')).statusCode).toBe(200);
    expect((await a.post('/api/logout')).statusCode).toBe(204);
    await waitFor(async () => (await b.get('/api/servers')).statusCode === 401, {
      timeoutMs: FAR_BELOW_THE_TTL_MS,
      intervalMs: 5,
      what: 'the sign-out in the other process',
    });
  });
});
