/**
 * Job dispatch overhead: from enqueue (events service) to the first line of remote output in the
 * browser's stream, against the same step run directly over a fresh SSH connection in the same
 * run (connect + exec + first output). The difference is what the queue, the event row, the lease
 * and the realtime bus add. Target: at most 100 ms, on PGlite and on PostgreSQL.
 * Also prints the test server's boot and reset times. Bounded: a fixed number of events.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStepInvocation, nginxInstall } from '@hostdeck/recipes';
import { bootTestServer, resetTestServer, stopTestServer } from '../tools/test-server/index.js';
import { loadConfig } from '@hostdeck/api/config/config.js';
import { openDatabase, type DatabaseTarget } from '@hostdeck/api/database/database.js';
import { createPanel } from '@hostdeck/api/panel.js';
import { createSshExecutor } from '@hostdeck/api/remote/remote-executor.js';
import { createServerRecord, createSignedInUser } from '@hostdeck/api/testing/fixtures.js';
import { TEST_APP_KEY } from '@hostdeck/api/testing/test-app.js';
import { availableTestDatabases } from '@hostdeck/api/testing/test-databases.js';

const RUNS = 8;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let startedAt = Date.now();
await stopTestServer('bench1');
let server = await bootTestServer('bench1');
const bootMs = Date.now() - startedAt;
startedAt = Date.now();
server = await resetTestServer('bench1');
const resetMs = Date.now() - startedAt;
console.log(`test server: boot ${bootMs} ms, reset ${resetMs} ms`);

const executor = createSshExecutor();
const target = {
  host: server.address,
  port: server.port,
  username: 'root',
  auth: { kind: 'password' as const, password: server.password },
  knownHostKey: null,
};
const invocation = buildStepInvocation(nginxInstall, 'install', {});

async function directRun() {
  const begin = performance.now();
  const session = await executor.connect(target);
  const connected = performance.now();
  let first = 0;
  await session.run({
    command: invocation.command,
    stdin: invocation.stdin,
    onStdout: () => (first ||= performance.now()),
    onStderr: () => (first ||= performance.now()),
  });
  await session.close();
  return { connectMs: connected - begin, firstOutputMs: first - begin };
}

// Warm the package cache and nginx itself, so every measured run does the same (idempotent) work.
await directRun();

for (const database of await availableTestDatabases()) {
  const created = await database.create();
  const connection = await openDatabase(created.target as DatabaseTarget);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-bench-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      APP_KEY: TEST_APP_KEY,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: dataDir,
      ...(created.target.kind === 'postgres' ? { DATABASE_URL: created.target.url } : {}),
    },
    { repositoryRoot: process.cwd() },
  );
  const panel = await createPanel({ config, database: connection, logger: false });
  const { user } = await createSignedInUser(connection.db);
  const record = await createServerRecord(connection.db, panel.secretBox, {
    userId: user.id,
    ip: server.address,
    port: server.port,
    password: server.password,
  });

  const dispatch = async () => {
    let first = 0;
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    let eventId = -1;
    const unsubscribe = panel.bus.subscribe(user.id, (message) => {
      if (
        message.type === 'Stream_content' &&
        message.eventId === eventId &&
        !message.content.startsWith('\n==>')
      ) {
        first ||= performance.now();
      }
      if (message.type === 'Event-status' && message.event.id === eventId && message.event.is_finished)
        done();
    });
    const begin = performance.now();
    const event = await panel.events.startRecipe({
      userId: user.id,
      serverId: record.id,
      recipeId: 'nginx-install',
      input: {},
      type: 'install_nginx',
      description: { id: 'installApplication', values: { application: 'nginx' } },
    });
    eventId = event.id;
    await finished;
    unsubscribe();
    return first - begin;
  };

  await dispatch();
  const panelTimes: number[] = [];
  const directTimes: number[] = [];
  const connectTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    panelTimes.push(await dispatch());
    const direct = await directRun();
    directTimes.push(direct.firstOutputMs);
    connectTimes.push(direct.connectMs);
  }
  const overhead = median(panelTimes) - median(directTimes);
  console.log(
    `${database.name}: enqueue→first output ${median(panelTimes).toFixed(0)} ms (median of ${RUNS}), ` +
      `direct connect+exec→first output ${median(directTimes).toFixed(0)} ms (connect ${median(connectTimes).toFixed(0)} ms), ` +
      `dispatch overhead ${overhead.toFixed(0)} ms (target ≤ 100 ms), ratio ${(median(panelTimes) / median(directTimes)).toFixed(2)}x`,
  );
  await panel.close();
  await connection.close();
  await created.drop();
}
await stopTestServer('bench1');
