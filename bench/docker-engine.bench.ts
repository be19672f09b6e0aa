/**
 * The Docker Engine API over the server's SSH connection (apps/api/src/docker/docker-engine.ts:
 * one `docker system dial-stdio` channel per request), on a booted `web`-image test server with
 * Docker running and BENCH_OBJECTS volumes (default 40) and up to 20 networks, against, in the same run:
 * - the bare Engine API on the server itself (`curl --unix-socket /var/run/docker.sock`, timed inside);
 * - the Docker CLI over one SSH session (`docker volume ls --format '{{json .}}'`, what panels that
 *   parse CLI text do), same session kept open.
 * Figures: p50/p99 of BENCH_ROUNDS (default 40) list requests each way (volumes, then networks),
 * and the cold open (SSH handshake + ping) the panel pays once per page read. Ratio: baseline / panel.
 */
import { createServerConnections } from '@hostdeck/api/servers/server-connection.js';
import { createDockerEngines } from '@hostdeck/api/docker/docker-engine.js';
import { createSshExecutor } from '@hostdeck/api/remote/remote-executor.js';
import { createConnectedTestApp } from '@hostdeck/api/testing/connected-test-server.js';
import { availableTestDatabases } from '@hostdeck/api/testing/test-databases.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../tools/test-server/index.js';
import { bootWebTestServer } from '../tools/test-server/web-test-server.js';

const NAME = 'bdocker';
const objects = Math.max(1, Number(process.env.BENCH_OBJECTS ?? 40));
// Docker's default address pools hold about 30 bridge networks.
const networks = Math.min(objects, 20);
const rounds = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 40));

async function inside(server: TestServer, script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', `set -euo pipefail\n${script}`]);
  if (result.code !== 0) throw new Error(`failed (${result.code}): ${script}\n${result.stderr.slice(-2000)}`);
  return result.stdout.trim();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeEach(count: number, action: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < count; round++) {
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  return times;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const [database] = await availableTestDatabases();
const server = await bootWebTestServer(NAME);
try {
  await inside(
    server,
    `systemctl start docker.service
     for i in $(seq 1 ${objects}); do docker volume create "bench-volume-$i" >/dev/null; done
     for i in $(seq 1 ${networks}); do docker network create "bench-network-$i" >/dev/null; done`,
  );
  const { test, serverId } = await createConnectedTestApp(database!, server);
  const executor = createSshExecutor();
  const connections = createServerConnections(test.database.db, test.panel.secretBox);
  const engines = createDockerEngines({ executor, connections });

  const cold = await timeEach(Math.min(rounds, 10), () =>
    engines.with(serverId, (docker) => docker.listVolumes()),
  );

  const engine = await engines.open(serverId);
  const panel = await timeEach(rounds, async () => {
    await engine.docker.listVolumes();
    await engine.docker.listNetworks();
  });
  await engine.close();

  // Bare Engine API on the server: the same two requests through curl, timed inside.
  const bareScript = `for i in $(seq 1 ${rounds}); do b=$(date +%s%N); curl -sf --unix-socket /var/run/docker.sock http://d/volumes >/dev/null; curl -sf --unix-socket /var/run/docker.sock http://d/networks >/dev/null; echo $(( ($(date +%s%N) - b) / 1000 )); done`;
  const bare = (await inside(server, bareScript)).split('\n').map((line) => Number(line) / 1000);

  // The CLI over one SSH session, as CLI-parsing panels do.
  const target = await connections.resolveTarget(serverId);
  const session = await executor.connect(target);
  const cli = await timeEach(rounds, async () => {
    for (const command of [
      "docker volume ls --format '{{json .}}'",
      "docker network ls --format '{{json .}}'",
    ]) {
      const result = await session.run({ command, onStdout: () => {} });
      if (result.exitCode !== 0) throw new Error(`${command} failed`);
    }
  });
  await session.close();
  await test.close();

  const rows = [
    ['panel: Engine API over SSH (warm session)', panel],
    ['baseline: bare Engine API on the server (curl, unix socket)', bare],
    ['baseline: Docker CLI over one SSH session', cli],
    ['panel: cold open (SSH handshake + ping) + one list', cold],
  ] as const;
  console.log(
    `\nDocker lists (${objects} volumes and ${networks} networks; volumes + networks per round, ${rounds} rounds)`,
  );
  for (const [label, values] of rows) {
    console.log(
      `  ${label.padEnd(58)} p50 ${ms(percentile(values, 50)).padStart(9)}  p99 ${ms(percentile(values, 99)).padStart(9)}`,
    );
  }
  const p50 = (values: readonly number[]) => percentile([...values], 50);
  console.log(`  ratio bare API / panel (p50): ${(p50(bare) / p50(panel)).toFixed(2)}x`);
  console.log(
    `  ratio CLI over SSH / panel (p50): ${(p50(cli) / p50(panel)).toFixed(2)}x (above 1: the panel is faster)`,
  );
} finally {
  await stopTestServer(NAME);
}
