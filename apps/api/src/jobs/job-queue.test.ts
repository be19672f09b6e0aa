import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { availableTestDatabases, type TestDatabase } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { createJobQueue, pgliteDatabase, type JobQueue } from './job-queue.js';
import { SUPPORTED_QUEUE_SCHEMA } from './queue-schema.js';

const databases = await availableTestDatabases();

/** The queue on a real database: pg-boss 10 through PGlite's own connection, or its pool on PostgreSQL. */
describe.each(databases)('job queue on $name', (database: TestDatabase) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openFresh(): Promise<{ connection: DatabaseConnection; url: string | undefined }> {
    const created = await database.create();
    const connection = await openDatabase(created.target);
    cleanups.push(async () => {
      await connection.close();
      await created.drop();
    });
    return { connection, url: created.target.kind === 'postgres' ? created.target.url : undefined };
  }

  async function startQueue(connection: DatabaseConnection, url: string | undefined, concurrency = 2) {
    const queue = await createJobQueue(connection, {
      concurrency,
      databaseUrl: url,
      pollingIntervalSeconds: 0.5,
    });
    cleanups.push(() => queue.stop());
    return queue;
  }

  /** Starts workers that record what ran, and hold each event until `release(eventId)`. */
  async function recordRuns(queue: JobQueue) {
    const started: number[] = [];
    const finished: number[] = [];
    const gates = new Map<number, () => void>();
    await queue.start(async (eventId) => {
      started.push(eventId);
      await new Promise<void>((resolve) => gates.set(eventId, resolve));
      finished.push(eventId);
    });
    cleanups.push(async () => gates.forEach((open) => open()));
    return {
      started,
      finished,
      release: (eventId: number) => gates.get(eventId)?.(),
    };
  }

  it('hands jobs out oldest first, as many at a time as the concurrency', async () => {
    const { connection, url } = await openFresh();
    const queue = await startQueue(connection, url);
    const runs = await recordRuns(queue);

    await queue.schedule(1, 10);
    await queue.schedule(2, 10);
    await queue.schedule(3, 20);
    await waitFor(() => runs.started.length === 2, { what: 'two events to start' });
    expect([...runs.started].sort()).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs.started).not.toContain(3);

    runs.release(2);
    await waitFor(() => runs.started.includes(3), { what: 'event 3 once a worker is free' });
    runs.release(1);
    runs.release(3);
    await waitFor(() => runs.finished.length === 3, { what: 'every event to finish' });
  });

  it('keeps a delayed event back and drops a cancelled one', async () => {
    const { connection, url } = await openFresh();
    const queue = await startQueue(connection, url);
    const runs = await recordRuns(queue);

    const startedAt = Date.now();
    await queue.schedule(5, null, { delaySeconds: 2 });
    const cancelled = await queue.schedule(6, 30, { delaySeconds: 2 });
    await queue.cancel(cancelled);
    await waitFor(() => runs.started.includes(5), { what: 'the delayed event' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
    runs.release(5);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(runs.started).toEqual([5]);
  });

  it('replaces the queue schema of a newer pg-boss and runs the events that waited in it', async () => {
    const { connection, url } = await openFresh();
    // The shape pg-boss 12 left (schema 46), reduced to what the hand-over reads.
    const sql = async (text: string) => {
      if (connection.pglite) await connection.pglite.exec(text);
      else await connection.pool!.query(text);
    };
    await sql(`
      CREATE SCHEMA pgboss;
      CREATE TABLE pgboss.version (version int PRIMARY KEY);
      INSERT INTO pgboss.version VALUES (46);
      CREATE TABLE pgboss.job (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, data jsonb, state text NOT NULL,
        singleton_key text, start_after timestamptz NOT NULL DEFAULT now(), created_on timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO pgboss.job (name, data, state, singleton_key) VALUES
        ('server-events', '{"eventId": 41}', 'created', 'server-4'),
        ('server-events', '{"eventId": 42}', 'completed', 'server-4'),
        ('server-events', '{"eventId": 43}', 'retry', 'event-43'),
        ('other-queue', '{"eventId": 44}', 'created', NULL);
    `);

    const queue = await startQueue(connection, url);
    const runs = await recordRuns(queue);
    await waitFor(() => runs.started.length === 2, { what: 'the carried events' });
    expect([...runs.started].sort()).toEqual([41, 43]);
    runs.release(41);
    runs.release(43);

    const version = connection.pglite
      ? (await connection.pglite.query<{ version: number }>('SELECT version FROM pgboss.version')).rows
      : (await connection.pool!.query<{ version: number }>('SELECT version FROM pgboss.version')).rows;
    expect(Number(version[0]!.version)).toBe(SUPPORTED_QUEUE_SCHEMA);
  });
});

describe('pg-boss on PGlite after shutdown', () => {
  it('drops the late bookkeeping of a handler that outlived stop(), instead of throwing inside pg-boss', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite();
    const database = pgliteDatabase(pglite);
    expect((await database.executeSql('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
    await pglite.close();
    expect(await database.executeSql('update pgboss.job set state = $1', ['failed'])).toEqual({ rows: [] });
  });
});
