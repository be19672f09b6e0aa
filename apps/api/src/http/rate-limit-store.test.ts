import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { PASSWORD, uniqueEmail } from '../accounts/testing/accounts.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTwoPanels } from '../testing/two-panels.js';
import { createDatabaseRateLimitStore } from './rate-limit-store.js';

const databases = await availableTestDatabases();
const postgres = databases.find((database) => database.name === 'postgres');

type Store = InstanceType<ReturnType<typeof createDatabaseRateLimitStore>>;
const count = (store: Store, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
  );

describe.each(databases)('the rate-limit store on $name', (database) => {
  let connection: DatabaseConnection;
  let drop: () => Promise<void>;
  let Store: ReturnType<typeof createDatabaseRateLimitStore>;
  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    connection = await openDatabase(created.target);
    Store = createDatabaseRateLimitStore(connection.db);
  });
  afterAll(async () => {
    await connection?.close();
    await drop?.();
  });

  it('counts hits in a window, and starts a new one once it ended', async () => {
    const store = new Store().child({ routeInfo: { method: 'POST', url: '/api/login' } });
    expect(await count(store, 'a', 400)).toMatchObject({ current: 1 });
    const second = await count(store, 'a', 400);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    expect(await count(store, 'b', 400)).toMatchObject({ current: 1 });
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await count(store, 'a', 400)).toMatchObject({ current: 1 });
  });

  it('keeps routes apart unless they name one group', async () => {
    const root = new Store();
    const login = root.child({ routeInfo: { method: 'POST', url: '/api/login' } });
    const reset = root.child({ routeInfo: { method: 'POST', url: '/api/reset-password' } });
    const connect = root.child({ routeInfo: { method: 'POST', url: '/api/servers' }, groupId: 'connect' });
    const verify = root.child({
      routeInfo: { method: 'POST', url: '/api/servers/:server/connect' },
      groupId: 'connect',
    });
    expect((await count(login, 'same', 60_000)).current).toBe(1);
    expect((await count(reset, 'same', 60_000)).current).toBe(1);
    expect((await count(connect, 'same', 60_000)).current).toBe(1);
    expect((await count(verify, 'same', 60_000)).current).toBe(2);
  });

  it('counts every one of many simultaneous hits once', async () => {
    const store = new Store().child({ routeInfo: { method: 'POST', url: '/api/login' } });
    const results = await Promise.all(Array.from({ length: 25 }, () => count(store, 'burst', 60_000)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
  });
});

describe.runIf(postgres)('sign-in attempts across two panel processes (one PostgreSQL)', () => {
  let panels: Awaited<ReturnType<typeof createTwoPanels>>;
  beforeAll(async () => {
    panels = await createTwoPanels(postgres!);
  });
  afterAll(async () => panels?.close());

  it('reach the limit at the same total, whichever process answered each', async () => {
    const email = uniqueEmail('balanced');
    await createSignedInUser(panels.db, 'Balanced', { password: PASSWORD, email });
    const [a, b] = panels.panels.map((panel) => new TestBrowser(panel.app, { remoteAddress: '10.9.8.7' }));
    // Behind a balancer: attempts 1, 3, 5 reach process A; 2, 4 and the 6th reach B.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const browser = attempt % 2 ? a! : b!;
      expect(
        (await browser.post('/api/login', { email, password: 'wrong' })).statusCode,
        `attempt ${attempt}`,
      ).toBe(422);
    }
    for (const browser of [b!, a!]) {
      const limited = await browser.post('/api/login', { email, password: PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ id: 'too_many_requests' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });
});
