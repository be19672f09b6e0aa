import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { events } from '../database/schema.js';
import { createFakeServer, FAKE_ROOT_PASSWORD } from '../servers/testing/fake-server.js';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { inArray } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { createEventsRepository } from './events.repository.js';

const databases = await availableTestDatabases();

/**
 * A server's events run one at a time in the order they were queued: the queue hands jobs out in
 * any order (a job of a busy server is queued again), so `claim` is where the order holds.
 */
describe.each(databases)('claiming events on $name', (database) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(database);
  });
  afterAll(async () => test.close());

  it('starts the oldest waiting event of a server first, and other servers independently', async () => {
    const repository = createEventsRepository(test.database.db);
    const { user } = await createSignedInUser(test.database.db);
    const server = async (ip: string) =>
      (
        await createServerRecord(test.database.db, test.panel.secretBox, {
          userId: user.id,
          ip,
          port: 22,
          password: 'x',
        })
      ).id;
    const [busyServer, otherServer] = [await server('192.0.2.10'), await server('192.0.2.11')];
    const queue = async (serverId: number) =>
      (
        await repository.insert({
          type: 'test',
          description: 'test',
          userId: user.id,
          serverId,
          recipeId: 'nginx-install',
        })
      ).id;
    const first = await queue(busyServer);
    const second = await queue(busyServer);
    const third = await queue(busyServer);
    const elsewhere = await queue(otherServer);

    expect(await repository.claim(second, 'worker', 30_000)).toBe('busy');
    expect(await repository.claim(third, 'worker', 30_000)).toBe('busy');
    expect(await repository.claim(elsewhere, 'worker', 30_000)).toMatchObject({
      status: EVENT_STATUS.running,
    });
    expect(await repository.claim(first, 'worker', 30_000)).toMatchObject({ status: EVENT_STATUS.running });
    // The first one runs: the next one waits for it, the one after waits for the next one.
    expect(await repository.claim(second, 'worker', 30_000)).toBe('busy');
    await repository.finish(first, 'worker', EVENT_STATUS.finished, null);
    expect(await repository.claim(third, 'worker', 30_000)).toBe('busy');
    expect(await repository.claim(second, 'worker', 30_000)).toMatchObject({ status: EVENT_STATUS.running });
    // A finished or already claimed event is not claimed again.
    expect(await repository.claim(first, 'worker', 30_000)).toBeNull();
    expect(await repository.claim(second, 'worker', 30_000)).toBeNull();
  });
});

/**
 * Waiting events are not polled for: the event that ends starts the next one (panel.ts,
 * handOver). Without the hand-over, each waiting event would wait for its own retry, 30 s.
 */
describe('a server busy with events', () => {
  const fake = createFakeServer();
  let test: TestApp;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, { executor: fake.executor, workers: true });
  });
  afterAll(async () => test?.close());

  it('runs its queued events one after another, each started by the one before it', async () => {
    const { user } = await createSignedInUser(test.database.db);
    const { id: serverId } = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: user.id,
      ip: '192.0.2.20',
      port: 22,
      password: FAKE_ROOT_PASSWORD,
    });
    const startedAt = Date.now();
    const ids: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const event = await test.panel.events.startRecipe({
        userId: user.id,
        serverId,
        recipeId: 'nginx-install',
        input: {},
        type: 'install_nginx',
        description: { id: 'installApplication', values: { application: 'nginx' } },
      });
      ids.push(event.id);
    }
    const rows = await waitFor(
      async () => {
        const found = await test.database.db.select().from(events).where(inArray(events.id, ids));
        return found.length === ids.length && found.every((row) => row.isFinished) ? found : undefined;
      },
      { timeoutMs: 25_000, intervalMs: 50, what: 'the queued events to finish before any retry' },
    );
    expect(Date.now() - startedAt).toBeLessThan(25_000);
    const byId = [...rows].sort((a, b) => a.id - b.id);
    expect(byId.map((row) => row.status)).toEqual(ids.map(() => EVENT_STATUS.finished));
    // Oldest first: each started once the one before it had finished.
    for (let index = 1; index < byId.length; index += 1) {
      expect(byId[index]!.startedAt!.getTime()).toBeGreaterThanOrEqual(
        byId[index - 1]!.finishedAt!.getTime(),
      );
    }
  });
});
