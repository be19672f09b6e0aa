import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
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
