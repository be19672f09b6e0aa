import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootTestServer,
  resetTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import type { DatabaseConnection } from '../database/database.js';
import type { Panel } from '../panel.js';
import { createPostgresScheduler } from '../testing/postgres-scheduler.js';
import { events } from '../database/schema.js';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { startPanelProcess } from '../testing/panel-process.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * A panel killed with SIGKILL mid-recipe leaves its event RUNNING; once a panel runs again, the
 * reaper turns it into ERROR with a reason within the lease time, and the server takes new work.
 * Two processes share the database, so this runs on PostgreSQL.
 */
const postgres = (await availableTestDatabases()).find((database) => database.name === 'postgres');
const SERVER = 'reap1';
const LEASE_SECONDS = 6;

describe.runIf(postgres)('lease reaper after SIGKILL (PostgreSQL)', () => {
  let testServer: TestServer;
  let scheduling: Awaited<ReturnType<typeof createPostgresScheduler>>;
  let connection: DatabaseConnection;
  let scheduler: Panel;
  let env: Record<string, string>;

  beforeAll(async () => {
    await bootTestServer(SERVER);
    testServer = await resetTestServer(SERVER);
    // This panel only schedules; the panel process runs the work.
    scheduling = await createPostgresScheduler(postgres!, { JOB_LEASE_SECONDS: String(LEASE_SECONDS) });
    ({ connection, panel: scheduler, env } = scheduling);
  });

  afterAll(async () => {
    await scheduling?.close();
    await stopTestServer(SERVER);
  });

  it('turns the killed process’s event into ERROR within the lease, and the server runs the next one', async () => {
    const { user } = await createSignedInUser(connection.db);
    const server = await createServerRecord(connection.db, scheduler.secretBox, {
      userId: user.id,
      ip: testServer.address,
      port: testServer.port,
      password: testServer.password,
    });
    const start = () =>
      scheduler.events.startRecipe({
        userId: user.id,
        serverId: server.id,
        recipeId: 'nginx-install',
        input: {},
        type: 'install_nginx',
        description: { id: 'installApplication', values: { application: 'nginx' } },
      });
    const readEvent = async (id: number) =>
      (await connection.db.select().from(events).where(eq(events.id, id)))[0]!;

    const first = await startPanelProcess(env);
    const event = await start();
    await waitFor(async () => (await readEvent(event.id)).output.includes('==> Install nginx'), {
      timeoutMs: 60_000,
      what: 'the recipe to start in the panel process',
    });
    await first.kill('SIGKILL');
    const killedAt = Date.now();
    expect((await readEvent(event.id)).status).toBe('RUNNING');

    const second = await startPanelProcess(env);
    try {
      const reaped = await waitFor(
        async () => {
          const row = await readEvent(event.id);
          return row.isFinished ? row : undefined;
        },
        { timeoutMs: 60_000, what: 'the reaper' },
      );
      const elapsedSeconds = (Date.now() - killedAt) / 1000;
      expect(reaped.status).toBe('ERROR');
      expect(reaped.errorReason).toMatch(/panel stopped while this event was running/);
      // Lease, plus one reaper interval, plus the restart itself.
      expect(elapsedSeconds).toBeLessThan(LEASE_SECONDS * 2 + 10);
      console.log(`reaped ${elapsedSeconds.toFixed(1)} s after SIGKILL (lease ${LEASE_SECONDS} s)`);

      const next = await start();
      const finished = await waitFor(
        async () => {
          const row = await readEvent(next.id);
          return row.isFinished ? row : undefined;
        },
        { timeoutMs: 300_000, what: 'the next event on the same server' },
      );
      expect(finished.status, finished.output).toBe('FINISHED');
    } finally {
      await second.kill();
    }
  });
});
