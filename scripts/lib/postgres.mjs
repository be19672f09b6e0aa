// PostgreSQL for the test tiers: the suites that need one (two panel processes on one database,
// LISTEN/NOTIFY, the lease reaper) must run under `npm test`, so a stopped local cluster is started.
// The machines this project runs on have PostgreSQL installed with trust authentication on
// 127.0.0.1 (see scripts/apt-packages.txt); apps/api/src/testing/test-databases.ts connects the same way.
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { run } from './run.mjs';

/** The admin URL the tests use (test-databases.ts): DATABASE_URL, else the local server. */
export const postgresAdminUrl = () =>
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const START_TIMEOUT_MS = 30_000;

/** Resolves when PostgreSQL answers; starts the local clusters first when it does not. */
export async function ensurePostgres() {
  const url = new URL(postgresAdminUrl());
  if (await answers(url)) return;
  const clusters = localClusters();
  if (!isLocal(url) || clusters.length === 0) {
    throw new Error(
      `PostgreSQL does not answer at ${url.host} and there is no local cluster to start ` +
        '(install the Debian package postgresql, or set DATABASE_URL)',
    );
  }
  for (const [version, name] of clusters) {
    console.log(`starting PostgreSQL ${version}/${name}`);
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start']).catch((error) =>
      console.warn(`  ${error.message}`),
    );
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`PostgreSQL did not answer at ${url.host} within ${START_TIMEOUT_MS / 1000} s`);
}

/** The port accepts a connection and a query runs (authentication included). */
async function answers(url) {
  const open = await new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
  if (!open) return false;
  // `pg` is installed by now (the dependencies come first); imported late for that reason.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.warn(`PostgreSQL at ${url.host}: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function isLocal(url) {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname);
}

/** [version, name] of each cluster in /etc/postgresql (Debian's layout). */
function localClusters() {
  const etc = '/etc/postgresql';
  if (!existsSync(etc)) return [];
  return readdirSync(etc).flatMap((version) =>
    readdirSync(path.join(etc, version))
      .filter((name) => existsSync(path.join(etc, version, name, 'postgresql.conf')))
      .map((name) => [version, name]),
  );
}
