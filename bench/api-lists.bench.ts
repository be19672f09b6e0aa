/**
 * The two lists every page of the shell loads: `GET /api/servers` and `GET /api/sites`, a page of 50,
 * signed in (session cookie), with 1,000 servers and 10,000 sites in the database, on PGlite and on
 * PostgreSQL (a throwaway database, when one answers: DATABASE_URL or 127.0.0.1:5432). Requests per
 * second and p99 latency, against a bare `node:http` server sending the same JSON bytes in the same
 * run. Target on PostgreSQL: at least 0.5x the bare server's requests per second.
 *
 * Load: wrk (Debian's; bench/apt-packages.txt), one thread and CONNECTIONS keep-alive connections
 * for SECONDS per measurement, so the load runs in its own process, not on the panel's event loop.
 * Bounded: fixed seconds per measurement, loopback only. BENCH_SECONDS and BENCH_ROUNDS change the
 * length; BENCH_DATABASES=pglite (or postgres) runs one database only; BENCH_PROFILE=1 writes a
 * CPU profile of the panel's event loop under load per database (bench/dist/api-lists-*.cpuprofile);
 * BENCH_LOG=1 lets the panel log its errors.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { promisify } from 'node:util';
import { loadConfig } from '@hostdeck/api/config/config.js';
import {
  openDatabase,
  type DatabaseConnection,
  type DatabaseTarget,
} from '@hostdeck/api/database/database.js';
import { createPanel } from '@hostdeck/api/panel.js';
import { createSignedInUser } from '@hostdeck/api/testing/fixtures.js';
import { TEST_APP_KEY } from '@hostdeck/api/testing/test-app.js';
import { availableTestDatabases } from '@hostdeck/api/testing/test-databases.js';
import { median } from './agent-bench-support.js';

const SERVERS = 1_000;
const SITES = 10_000;
const PAGE = 50;
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Each way is measured this many times, the ways interleaved; the median is reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.5;
const run = promisify(execFile);
const work = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-bench-lists-'));

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
}

/** wrk's latency figures ("1.23ms", "850.00us", "1.02s") in milliseconds. */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match) throw new Error(`unexpected wrk latency ${text}`);
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function load(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Load> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await run('wrk', [...args, url]);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const p99 = /^\s+99%\s+(\S+)/m.exec(stdout);
  const p50 = /^\s+50%\s+(\S+)/m.exec(stdout);
  if (!rate || !p99 || !p50) throw new Error(`unexpected wrk output:\n${stdout}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout);
  const socketErrors = /Socket errors:.*?(\d+).*?(\d+).*?(\d+).*?(\d+)/.exec(stdout);
  const errors =
    Number(non2xx?.[1] ?? 0) +
    (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return {
    requestsPerSecond: Number(rate[1]),
    p99Ms: milliseconds(p99[1]!),
    p50Ms: milliseconds(p50[1]!),
    errors,
  };
}

/**
 * 1,000 servers owned by the user and 10,000 sites spread over them, in two statements on the
 * engine's own client (fixtures, not the panel's code: the repositories insert one row at a time).
 */
async function seed(connection: DatabaseConnection, userId: number) {
  const query = (text: string, params: unknown[] = []) =>
    connection.pglite ? connection.pglite.query(text, params) : connection.pool!.query(text, params);
  // Addresses from TEST-NET-1 (192.0.2.0/24): rows only, nothing connects to them.
  await query(
    `insert into servers (user_id, name, ip, port, status, installed, created_at)
     select $1, 'server-' || g, '192.0.2.' || (g % 250 + 1), 22, 'INSTALLED', true,
       now() - make_interval(secs => g)
     from generate_series(1, $2::int) as g`,
    [userId, SERVERS],
  );
  await query(
    `with owned as (select array_agg(id order by id) as ids from servers where user_id = $1)
     insert into sites (server_id, name, linux_user, status, created_at)
     select owned.ids[1 + g % array_length(owned.ids, 1)], 'site-' || g || '.example.test', 'user' || g,
       'active', now() - make_interval(secs => g)
     from owned, generate_series(1, $2::int) as g`,
    [userId, SITES],
  );
  await query('analyze');
}

/** The panel's event loop profiled while `during` runs (inspector in this process). */
async function profiled<T>(file: string, during: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await during();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`  CPU profile: ${file}`);
  }
}

/** CPU seconds (user + system) of every PostgreSQL process on this machine, from /proc. */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

interface Measured extends Load {
  /** CPU of this process (the panel, and PGlite when it is the database) per request. */
  panelCpuMs: number;
  /** CPU of all PostgreSQL processes per request (other users of the server add to it). */
  postgresCpuMs: number;
}

/** `load` with the CPU each request cost this process (the panel) and PostgreSQL. */
async function measured(url: string, headers: Record<string, string>): Promise<Measured> {
  const cpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  const result = await load(url, headers);
  const cpu = process.cpuUsage(cpuBefore);
  const requests = result.requestsPerSecond * SECONDS;
  return {
    ...result,
    panelCpuMs: (cpu.user + cpu.system) / 1000 / requests,
    postgresCpuMs: (postgresCpuMs() - postgresBefore) / requests,
  };
}

function pick(runs: Measured[]): Measured {
  const middle = (key: keyof Measured) => median(runs.map((item) => item[key]));
  return {
    requestsPerSecond: middle('requestsPerSecond'),
    p50Ms: middle('p50Ms'),
    p99Ms: middle('p99Ms'),
    errors: runs.reduce((sum, item) => sum + item.errors, 0),
    panelCpuMs: middle('panelCpuMs'),
    postgresCpuMs: middle('postgresCpuMs'),
  };
}

const format = (result: Measured) =>
  `${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms` +
  `, CPU per request: this process ${result.panelCpuMs.toFixed(2)} ms, PostgreSQL ${result.postgresCpuMs.toFixed(2)} ms` +
  (result.errors ? `, ${result.errors} errors` : '');

console.log(
  `load average before: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${os.cpus().length} cores); ` +
    `wrk -t1 -c${CONNECTIONS}, ${SECONDS} s per measurement, ${ROUNDS} rounds, medians`,
);
const only = process.env.BENCH_DATABASES?.split(',');
const summary: string[] = [];
for (const database of await availableTestDatabases()) {
  if (only && !only.includes(database.name)) continue;
  const created = await database.create();
  const connection = await openDatabase(created.target as DatabaseTarget);
  const dataDir = mkdtempSync(path.join(work, `${database.name}-`));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      APP_KEY: TEST_APP_KEY,
      LOG_LEVEL: process.env.BENCH_LOG === '1' ? 'error' : 'silent',
      NODE_ENV: 'production',
      WEB_DIST_DIR: dataDir,
      ...(created.target.kind === 'postgres' ? { DATABASE_URL: created.target.url } : {}),
    },
    { repositoryRoot: process.cwd() },
  );
  const panel = await createPanel({ config, database: connection, logger: process.env.BENCH_LOG === '1' });
  const { readCache } = panel;
  const { user, cookie: sessionCookie } = await createSignedInUser(connection.db);
  const seedStartedAt = Date.now();
  await seed(connection, user.id);
  console.log(
    `\n${database.name}: seeded ${SERVERS} servers and ${SITES} sites in ${Date.now() - seedStartedAt} ms`,
  );
  await panel.app.listen({ host: '127.0.0.1', port: 0 });
  const panelBase = `http://127.0.0.1:${(panel.app.server.address() as AddressInfo).port}`;
  // A browser sends the CSRF cookie the panel set on its first answer (http/csrf.ts) with every
  // request; without it each answer would set a new one.
  const first = await fetch(`${panelBase}/api/servers`, { headers: { cookie: sessionCookie } });
  const csrfCookie = first.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
  if (!csrfCookie) throw new Error('the panel set no CSRF cookie');
  const cookie = `${sessionCookie}; ${csrfCookie.split(';')[0]}`;

  // The bare server answers with the panel's own bytes for each list.
  const endpoints = [
    { label: 'GET /api/servers', pathname: `/api/servers?page=1&itemsPerPage=${PAGE}` },
    { label: 'GET /api/sites', pathname: `/api/sites?page=1&itemsPerPage=${PAGE}` },
  ];
  const bodies = new Map<string, Buffer>();
  for (const endpoint of endpoints) {
    const response = await fetch(`${panelBase}${endpoint.pathname}`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${endpoint.label}: ${response.status} ${body.toString()}`);
    const parsed = JSON.parse(body.toString()) as { data: unknown[]; meta: { total: number } };
    const expectedTotal = endpoint.pathname.startsWith('/api/servers') ? SERVERS : SITES;
    if (parsed.data.length !== PAGE || parsed.meta.total !== expectedTotal) {
      throw new Error(`${endpoint.label}: ${parsed.data.length} rows of ${parsed.meta.total}`);
    }
    bodies.set(endpoint.pathname.split('?')[0]!, body);
    console.log(`  ${endpoint.label}: ${body.length} bytes of JSON per page`);
  }
  const bare = http.createServer((request, response) => {
    const body = bodies.get((request.url ?? '').split('?')[0]!);
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  for (const endpoint of endpoints) {
    const panelUrl = `${panelBase}${endpoint.pathname}`;
    const bareUrl = `${bareBase}${endpoint.pathname}`;
    const headers = { cookie };
    // As Chromium asks: the JSON compressed per request (brotli, apps/api/src/http/compression.ts).
    const compressed = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    await load(panelUrl, headers, 2); // warm-up: JIT, the pool's connections, the database's caches
    await load(bareUrl, headers, 1);
    const ways = {
      bare: { url: bareUrl, headers, runs: [] as Measured[] },
      panel: { url: panelUrl, headers, runs: [] as Measured[] },
      brotli: { url: panelUrl, headers: compressed, runs: [] as Measured[] },
      uncached: { url: panelUrl, headers, runs: [] as Measured[], uncached: true },
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const way of Object.values(ways)) {
        // Every request read from the database: the read cache passed by (apps/api/src/http/read-cache.ts).
        const remember = readCache.remember;
        if ('uncached' in way) readCache.remember = (_key, _ttl, compute) => compute();
        try {
          way.runs.push(await measured(way.url, way.headers));
        } finally {
          readCache.remember = remember;
        }
      }
    }
    const [bareResult, panelResult, brotliResult, uncachedResult] = [
      ways.bare,
      ways.panel,
      ways.brotli,
      ways.uncached,
    ].map((way) => pick(way.runs)) as [Measured, Measured, Measured, Measured];
    const ratio = panelResult.requestsPerSecond / bareResult.requestsPerSecond;
    const target =
      database.name === 'postgres'
        ? ` (target ≥ ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'missed'})`
        : '';
    const line =
      `${database.name} ${endpoint.label}: panel ${format(panelResult)} | bare node:http ${format(bareResult)} | ` +
      `ratio ${ratio.toFixed(3)}x of the bare server's req/s${target} | panel with brotli ${format(brotliResult)} | ` +
      `panel without the read cache ${format(uncachedResult)}`;
    console.log(`  ${line}`);
    summary.push(line);
    if (process.env.BENCH_PROFILE === '1') {
      mkdirSync(path.resolve('bench/dist'), { recursive: true });
      const file = path.resolve(
        `bench/dist/api-lists-${database.name}-${endpoint.pathname.split('?')[0]!.slice(5)}.cpuprofile`,
      );
      await profiled(file, () => load(panelUrl, headers));
    }
  }
  bare.close();
  await panel.close();
  await connection.close();
  await created.drop();
}
console.log(`\n${summary.join('\n')}`);
console.log(
  `load average after: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
rmSync(work, { recursive: true, force: true });
