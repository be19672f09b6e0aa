/**
 * Database import and dump (issue 15), on a booted test server from the `web` image (MariaDB
 * running) with the agent installed by its recipe, against the bare commands on the same server in
 * the same run:
 * - import of a `.sql.gz` of BENCH_DUMP_BYTES (compressed; default 1 GiB) through the panel: the
 *   import route → an import_database event → its task → the agent's streamed import with
 *   progress → `mariadb`; timed from the POST to the finished event. Baseline:
 *   `zcat file | mariadb db`. Target ≥ 0.9× (baseline time / panel time).
 * - dump of the imported database: the `database-dump` recipe (production builder, over SSH as the
 *   job runner runs it). Baseline: `mysqldump --single-transaction --quick db | gzip > f`.
 *   Target ≥ 0.9×.
 * The dump is generated on the server (awk | gzip -1, sized from a sample to hit the asked
 * compressed size), not sent over SSH: multi-row INSERTs of 1,000 rows as mysqldump writes them,
 * with a random 16-hex column so it compresses about as a real dump does (about 3:1 with gzip -1). Baseline commands run
 * inside the server (test-server exec) and time themselves. BENCH_ROUNDS (default 1) alternates the
 * ways that many times; each import goes into a fresh database. The server is stopped at the end.
 */
import { execFileSync } from 'node:child_process';
import { AGENT_PORT, AGENT_VERSION, CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import { databaseImportResponseSchema } from '@hostdeck/contracts/databases';
import { databaseDump } from '@hostdeck/recipes/databases';
import { loadOrCreateAgentKeys } from '@hostdeck/api/agent/agent-keys.js';
import { databases, events, servers } from '@hostdeck/api/database/schema.js';
import { createServerRecord, createSignedInUser } from '@hostdeck/api/testing/fixtures.js';
import { createTestApp } from '@hostdeck/api/testing/test-app.js';
import { availableTestDatabases } from '@hostdeck/api/testing/test-databases.js';
import { eq } from '@hostdeck/api/testing/sql.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
} from '../tools/test-server/web-test-server.js';

const NAME = 'bdbimp';
const GiB = 2 ** 30;
const MiB = 2 ** 20;
const DUMP = '/root/bench-dump.sql.gz';
const dumpBytes = parseSize(process.env.BENCH_DUMP_BYTES ?? '1GiB');
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (bytes: number, ms: number) => `${(bytes / MiB / (ms / 1000)).toFixed(1)} MiB/s`;

function parseSize(text: string): number {
  const match = /^([0-9.]+)\s*(GiB|MiB|KiB|G|M|K|B)?$/i.exec(text.trim());
  if (!match) throw new Error(`BENCH_DUMP_BYTES: not a size: ${text}`);
  const unit = (match[2] ?? 'B').toUpperCase()[0]!;
  const factor = unit === 'G' ? GiB : unit === 'M' ? MiB : unit === 'K' ? 1024 : 1;
  return Math.round(Number(match[1]) * factor);
}

/** Runs inside the server (no SSH); throws on a non-zero exit. */
async function inside(server: TestServer, script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(
    server,
    ['bash', '-c', `set -euo pipefail\n${script}`, 'bench', ...args],
    {
      timeoutMs: 4 * 3600_000,
    },
  );
  if (result.code !== 0) throw new Error(`failed (${result.code}): ${script}\n${result.stderr.slice(-2000)}`);
  return result.stdout.trim();
}

/** A command timed inside the server: milliseconds between its start and its end. */
async function timedInside(server: TestServer, script: string, ...args: string[]): Promise<number> {
  const out = await inside(
    server,
    `begin=$(date +%s%N)\n${script}\necho "::ms $(( ($(date +%s%N) - begin) / 1000000 ))"`,
    ...args,
  );
  return Number(/::ms (\d+)/.exec(out)![1]);
}

// The rows: INSERTs of 1,000 rows (id, a label, 16 random hex, a number), as mysqldump's extended inserts.
const GENERATOR = `
rows=$1
awk -v rows="$rows" 'BEGIN {
  srand(15);
  print "CREATE TABLE bench_rows (id int PRIMARY KEY, label varchar(64), token char(16), amount int) ENGINE=InnoDB;";
  for (i = 1; i <= rows; i++) {
    printf "%s(%d,\\047row %d of the benchmark table\\047,\\047%08x%08x\\047,%d)", (i % 1000 == 1 ? "INSERT INTO bench_rows VALUES " : ","), i, i, rand() * 4294967295, rand() * 4294967295, rand() * 1000000;
    if (i % 1000 == 0 || i == rows) print ";";
  }
}'`;

async function generateDump(server: TestServer): Promise<{ bytes: number; rows: number; sqlBytes: number }> {
  const sampleRows = 200_000;
  const sample = Number(await inside(server, `{ ${GENERATOR}\n} | gzip -1 | wc -c`, String(sampleRows)));
  const rows = Math.max(1000, Math.round((dumpBytes / sample) * sampleRows));
  const began = performance.now();
  await inside(server, `{ ${GENERATOR}\n} | gzip -1 > "$2"`, String(rows), DUMP);
  const bytes = Number(await inside(server, 'stat -c %s -- "$1"', DUMP));
  const sqlBytes = Number(await inside(server, 'zcat -- "$1" | wc -c', DUMP));
  console.log(
    `dump generated on the server: ${rows} rows, ${(bytes / MiB).toFixed(1)} MiB compressed, ` +
      `${(sqlBytes / MiB).toFixed(1)} MiB of SQL, in ${seconds(performance.now() - began)}`,
  );
  return { bytes, rows, sqlBytes };
}

// ---- the panel, the server, the agent ----
const bundle = execFileSync('node', ['apps/agent/build/bundle.mjs'], { encoding: 'utf8' }).trim();
console.log(`agent bundle: ${bundle}`);
const server = await bootWebTestServer(NAME);
const [pglite] = await availableTestDatabases();
const test = await createTestApp(pglite!, { workers: true });
try {
  const { user, cookie } = await createSignedInUser(test.database.db);
  const record = await createServerRecord(test.database.db, test.panel.secretBox, {
    userId: user.id,
    ip: server.address,
    port: server.port,
    password: server.password,
  });
  const serverId = record.id;
  const session = await connectToTestServer(server);
  try {
    const signer = loadOrCreateAgentKeys(test.config.dataDir, test.panel.secretBox);
    const installed = await runRecipeOnSession(session, 'agent-install', {
      version: AGENT_VERSION,
      server_id: serverId,
      port: AGENT_PORT,
      panel_public_key: signer.publicKeyPem,
      allowed_origins: [...test.config.allowedOrigins],
    });
    if (installed.exitCode !== 0) throw new Error(`agent-install failed:\n${installed.output}`);
    await test.database.db
      .update(servers)
      .set({
        installed: true,
        status: 'INSTALLED',
        hostKeyFingerprint: session.hostKeyFingerprint,
        agentVersion: AGENT_VERSION,
      })
      .where(eq(servers.id, serverId));
  } finally {
    await session.close();
  }

  const probe = await test.app.inject({ method: 'GET', url: '/api/health' });
  const csrf = probe.cookies.find((entry) => entry.name === CSRF_COOKIE)!.value;
  const headers = { cookie: `${cookie}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf };

  const dump = await generateDump(server);

  /** A fresh database on the server, and its panel row (made once). */
  const rowIds = new Map<string, number>();
  async function freshDatabase(name: string): Promise<number> {
    await inside(server, 'mariadb -e "DROP DATABASE IF EXISTS \\`$1\\`; CREATE DATABASE \\`$1\\`"', name);
    const known = rowIds.get(name);
    if (known !== undefined) return known;
    const [row] = await test.database.db
      .insert(databases)
      .values({ serverId, type: 'mariadb', name, username: name })
      .returning();
    rowIds.set(name, row!.id);
    return row!.id;
  }

  async function panelImport(name: string): Promise<{ ms: number; progressLines: number }> {
    const databaseId = await freshDatabase(name);
    const began = performance.now();
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/servers/${serverId}/databases/${databaseId}/import`,
      headers,
      payload: { path: DUMP },
    });
    if (response.statusCode !== 201) throw new Error(`import route: ${response.statusCode} ${response.body}`);
    const eventId = databaseImportResponseSchema.parse(response.json()).data.id;
    for (;;) {
      const [row] = await test.database.db.select().from(events).where(eq(events.id, eventId));
      if (row?.isFinished) {
        const ms = performance.now() - began;
        if (row.status !== 'FINISHED')
          throw new Error(`the import failed: ${row.errorReason}\n${row.output}`);
        const progressLines = (row.output ?? '')
          .split('\n')
          .filter((line) => line.includes('::progress ')).length;
        return { ms, progressLines };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function bareImport(name: string): Promise<number> {
    await freshDatabase(name);
    return timedInside(server, 'zcat -- "$1" | mariadb --database="$2"', DUMP, name);
  }

  const rowsOf = async (name: string) =>
    Number(await inside(server, 'mariadb -N -B -e "SELECT count(*) FROM \\`$1\\`.bench_rows"', name));

  const panelTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // Alternated, so a slow moment of the machine does not land on one way only.
    const bareFirst = round % 2 === 0;
    for (const way of bareFirst ? ['bare', 'panel'] : ['panel', 'bare']) {
      if (way === 'bare') {
        bareTimes.push(await bareImport('bench_bare'));
        console.log(`  round ${round + 1}: zcat | mariadb ${seconds(bareTimes.at(-1)!)}`);
      } else {
        const result = await panelImport('bench_panel');
        panelTimes.push(result.ms);
        console.log(
          `  round ${round + 1}: panel import ${seconds(result.ms)} (${result.progressLines} progress lines in the event)`,
        );
      }
    }
  }
  for (const name of ['bench_bare', 'bench_panel']) {
    const count = await rowsOf(name);
    if (count !== dump.rows) throw new Error(`${name}: ${count} rows, expected ${dump.rows}`);
  }

  // ---- dump ----
  async function recipeDump(): Promise<number> {
    const dumpSession = await connectToTestServer(server);
    try {
      const began = performance.now();
      const result = await runRecipeOnSession(dumpSession, databaseDump, {
        engine: 'mariadb',
        name: 'bench_panel',
      });
      const ms = performance.now() - began;
      if (result.exitCode !== 0) throw new Error(`database-dump failed:\n${result.output}`);
      return ms;
    } finally {
      await dumpSession.close();
    }
  }
  const bareDump = () =>
    timedInside(
      server,
      'mysqldump --single-transaction --quick "$1" | gzip > /root/bare-dump.sql.gz',
      'bench_panel',
    );
  const recipeDumpTimes: number[] = [];
  const bareDumpTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      bareDumpTimes.push(await bareDump());
      recipeDumpTimes.push(await recipeDump());
    } else {
      recipeDumpTimes.push(await recipeDump());
      bareDumpTimes.push(await bareDump());
    }
  }
  const dumpSize = Number(await inside(server, 'stat -c %s /root/bare-dump.sql.gz'));

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const panel = median(panelTimes);
  const bare = median(bareTimes);
  console.log(
    `import ${(dump.bytes / MiB).toFixed(1)} MiB .sql.gz (${(dump.sqlBytes / MiB).toFixed(1)} MiB SQL): ` +
      `panel ${seconds(panel)} (${rate(dump.bytes, panel)} compressed) | baseline zcat | mariadb ${seconds(bare)} ` +
      `(${rate(dump.bytes, bare)}) | ratio ${(bare / panel).toFixed(2)}x (baseline time / panel time) | target ≥ 0.9x`,
  );
  const recipeMs = median(recipeDumpTimes);
  const bareDumpMs = median(bareDumpTimes);
  console.log(
    `dump of the imported database (${(dumpSize / MiB).toFixed(1)} MiB .sql.gz): ` +
      `database-dump recipe over SSH ${seconds(recipeMs)} | ` +
      `baseline mysqldump | gzip ${seconds(bareDumpMs)} | ratio ${(bareDumpMs / recipeMs).toFixed(2)}x | target ≥ 0.9x`,
  );
} finally {
  await test.close();
  await stopTestServer(NAME);
}
