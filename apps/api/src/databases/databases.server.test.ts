import { gzipSync } from 'node:zlib';
import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_VERSION } from '@hostdeck/contracts';
import { databaseImportResponseSchema } from '@hostdeck/contracts/databases';
import { buildZip } from '../../../../tools/testing/archives.js';
import { bootWebTestServer, connectToTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { databases, events, servers } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { buildAgentBundle, installTestAgent } from '../testing/test-agent.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Database imports end to end on a booted Debian 12 server (the `web` image, MariaDB and
 * PostgreSQL running): the panel route starts an import_database event, its task calls the agent
 * installed on the server with a root token, the agent streams the dump into `mariadb` or `psql`
 * and reports progress; the rows are then read back with the server's own client.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'h1db';
const DATABASE = 'h1shop';
const DUMPS = '/root/dumps';
const PROGRESS_LINE = /^::hostdeck::info::progress (\d+)% \(.+ of .+ read\)$/gm;
/** The whole percents of the event's progress lines, in order. */
const percentsOf = (output: string) => [...output.matchAll(PROGRESS_LINE)].map((match) => Number(match[1]));

/** One table per dump, so each import is checked on its own rows. */
const dumpOf = (table: string, rows: number) =>
  [
    `CREATE TABLE ${table} (id int PRIMARY KEY, label varchar(64));`,
    ...Array.from(
      { length: rows },
      (_, index) => `INSERT INTO ${table} VALUES (${index + 1}, 'row ${index + 1}');`,
    ),
    '',
  ].join('\n');

describe('database import on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let databaseId: number;
  let postgresId: number;

  const run = async (...command: string[]) => {
    const result = await runOnTestServer(testServer, command);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  const put = (file: string, content: Buffer | string) =>
    runOnTestServer(testServer, ['bash', '-c', 'cat > "$1"', 'put', file], { input: content });
  const count = (table: string) =>
    run('mariadb', '-N', '-B', '-e', `SELECT count(*) FROM ${DATABASE}.${table}`);
  const exists = async (file: string) => (await runOnTestServer(testServer, ['test', '-e', file])).code === 0;

  /** POST the import, wait for the event to end; answers the finished event row. */
  const importDump = async (dump: string, remove?: boolean, database = databaseId) => {
    const response = await api.post(`/api/servers/${serverId}/databases/${database}/import`, {
      path: dump,
      ...(remove === undefined ? {} : { remove }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const started = databaseImportResponseSchema.parse(response.json()).data;
    expect(started.type).toBe('import_database');
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, started.id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: `import event ${started.id}` },
    );
  };

  beforeAll(async () => {
    console.log(`agent bundle: ${buildAgentBundle()}`);
    testServer = await bootWebTestServer(SERVER, ['postgresql']);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));

    // The agent, installed by its recipe with this panel's key as the install_agent event would.
    const session = await connectToTestServer(testServer);
    try {
      await installTestAgent(test, session, serverId);
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

    await run('mariadb', '-e', `CREATE DATABASE ${DATABASE}`);
    const [row] = await test.database.db
      .insert(databases)
      .values({ serverId, type: 'mariadb', name: DATABASE, username: DATABASE })
      .returning();
    databaseId = row!.id;
    await run('runuser', '-u', 'postgres', '--', 'createdb', DATABASE);
    const [postgres] = await test.database.db
      .insert(databases)
      .values({ serverId, type: 'postgresql', name: DATABASE, username: DATABASE })
      .returning();
    postgresId = postgres!.id;
    await run('mkdir', '-p', DUMPS);
  });

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  it('imports a .sql, a .sql.gz and a .zip dump, and keeps each dump unless asked to remove it', async () => {
    await put(`${DUMPS}/plain.sql`, dumpOf('from_sql', 3));
    await put(`${DUMPS}/packed dump.sql.gz`, gzipSync(dumpOf('from_gz', 5000)));
    await put(
      `${DUMPS}/backup.zip`,
      await buildZip([
        { name: 'README.txt', content: 'not this one' },
        { name: 'db/shop.sql', content: dumpOf('from_zip', 7) },
      ]),
    );

    const started = Date.now();
    const plain = await importDump(`${DUMPS}/plain.sql`);
    expect(plain.status, plain.output ?? '').toBe('FINISHED');
    expect(await count('from_sql')).toBe('3');
    expect(await exists(`${DUMPS}/plain.sql`)).toBe(true);

    const packed = await importDump(`${DUMPS}/packed dump.sql.gz`, true);
    expect(packed.status, packed.output ?? '').toBe('FINISHED');
    expect(await count('from_gz')).toBe('5000');
    expect(packed.output).toContain(`Removed ${DUMPS}/packed dump.sql.gz`);
    expect(percentsOf(packed.output ?? '')).toEqual(expect.arrayContaining([0, 100]));
    expect(await exists(`${DUMPS}/packed dump.sql.gz`)).toBe(false);

    const zipped = await importDump(`${DUMPS}/backup.zip`, false);
    expect(zipped.status, zipped.output ?? '').toBe('FINISHED');
    expect(await count('from_zip')).toBe('7');
    expect(await exists(`${DUMPS}/backup.zip`)).toBe(true);
    console.log(`three imports through panel, queue and agent: ${Date.now() - started} ms`);
  });

  it('shows live progress while a larger .sql.gz imports: bytes read of the file size, in the event output as it runs', async () => {
    // ~1.5 million rows, made on the server (a few MB compressed): long enough for several reports.
    const rows = 1_500_000;
    await run(
      'bash',
      '-c',
      'set -euo pipefail; { echo "CREATE TABLE from_big (id int PRIMARY KEY, label varchar(64));"; ' +
        'seq 1 "$1" | awk \'{ printf "%s(%d,\\047row %d\\047)", (NR % 2000 == 1 ? "INSERT INTO from_big VALUES " : ","), $1, $1; if (NR % 2000 == 0) print ";" } END { if (NR % 2000) print ";" }\'; } | gzip -1 > "$2"',
      'make-dump',
      String(rows),
      `${DUMPS}/big.sql.gz`,
    );
    const response = await api.post(`/api/servers/${serverId}/databases/${databaseId}/import`, {
      path: `${DUMPS}/big.sql.gz`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const eventId = databaseImportResponseSchema.parse(response.json()).data.id;
    const row = async () => (await test.database.db.select().from(events).where(eq(events.id, eventId)))[0]!;
    // Progress is in the stored output while the event still runs (what the event page shows).
    const running = await waitFor(
      async () => {
        const current = await row();
        if (current.isFinished) return current;
        const percents = percentsOf(current.output ?? '');
        return percents.some((percent) => percent > 0 && percent < 100) ? current : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 100, what: 'a progress line while importing' },
    );
    const finished = await waitFor(async () => ((await row()).isFinished ? row() : undefined), {
      timeoutMs: 300_000,
      intervalMs: 250,
      what: 'the big import',
    });
    expect(finished.status, finished.output ?? '').toBe('FINISHED');
    expect(running.isFinished, 'the import ended before any progress line between 0 and 100 %').toBe(false);
    const percents = percentsOf(finished.output ?? '');
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(await count('from_big')).toBe(String(rows));
    console.log(`big import: ${percents.length} progress lines: ${percents.join(' ')}`);
  });

  it('stops at the first SQL error and shows it: MariaDB and PostgreSQL', async () => {
    const firstError = (table: string) =>
      [
        `CREATE TABLE ${table} (id int PRIMARY KEY);`,
        `INSERT INTO ${table} VALUES (1);`,
        // A whole statement that fails (psql does not end a statement at a ';' inside parentheses).
        `INSERT INTO ${table}_missing VALUES (9);`,
        `INSERT INTO ${table} VALUES (2);`,
        `INSERT INTO ${table} VALUES (3);`,
        '',
      ].join('\n');
    await put(`${DUMPS}/first-error-mariadb.sql`, firstError('stop_mariadb'));
    const mariadb = await importDump(`${DUMPS}/first-error-mariadb.sql`);
    expect(mariadb.status).toBe('ERROR');
    expect(mariadb.errorReason).toMatch(
      /ERROR 1146 \(42S02\) at line 3: Table '.*stop_mariadb_missing' doesn't exist/,
    );
    expect(mariadb.output).toMatch(/ERROR 1146 \(42S02\) at line 3/);
    // Nothing after the error ran.
    expect(
      await run('mariadb', '-N', '-B', '-e', `SELECT group_concat(id) FROM ${DATABASE}.stop_mariadb`),
    ).toBe('1');

    await put(`${DUMPS}/first-error-postgresql.sql`, firstError('stop_postgresql'));
    const postgresql = await importDump(`${DUMPS}/first-error-postgresql.sql`, false, postgresId);
    expect(postgresql.status).toBe('ERROR');
    expect(postgresql.errorReason).toContain('The database import failed');
    // psql's own line, with where it stopped (line 3 of the dump read on stdin).
    expect(postgresql.errorReason).toMatch(
      /psql:<stdin>:3: ERROR: {1,2}relation "stop_postgresql_missing" does not exist/,
    );
    expect(postgresql.errorReason).not.toContain('could not change directory');
    expect(
      await run(
        'runuser',
        '-u',
        'postgres',
        '--',
        'psql',
        '-X',
        '-At',
        '-d',
        DATABASE,
        '-c',
        "SELECT string_agg(id::text, ',') FROM stop_postgresql",
      ),
    ).toBe('1');

    // And a good dump into PostgreSQL, with progress.
    await put(`${DUMPS}/good-postgresql.sql.gz`, gzipSync(dumpOf('pg_rows', 250)));
    const good = await importDump(`${DUMPS}/good-postgresql.sql.gz`, false, postgresId);
    expect(good.status, good.output ?? '').toBe('FINISHED');
    expect(percentsOf(good.output ?? '').at(-1)).toBe(100);
    expect(
      await run(
        'runuser',
        '-u',
        'postgres',
        '--',
        'psql',
        '-X',
        '-At',
        '-d',
        DATABASE,
        '-c',
        'SELECT count(*) FROM pg_rows',
      ),
    ).toBe('250');
  });

  it('fails the event with the reason: a dump with a SQL error, a file that is no dump, a missing one, a dotted path', async () => {
    await put(`${DUMPS}/broken.sql`, `${dumpOf('from_broken', 1)}INSERT INTO nowhere VALUES (;\n`);
    const broken = await importDump(`${DUMPS}/broken.sql`, true);
    expect(broken.status).toBe('ERROR');
    expect(broken.errorReason).toContain('The database import failed');
    // mariadb's own words (the stderr tail), not "something went wrong".
    expect(broken.errorReason).toMatch(/ERROR 1064 .*syntax/);
    // A failed import keeps its dump, even with remove.
    expect(await exists(`${DUMPS}/broken.sql`)).toBe(true);

    const notADump = await importDump('/etc/passwd');
    expect(notADump.status).toBe('ERROR');
    expect(notADump.errorReason).toContain('Only .sql, .sql.gz and .zip files can be imported');

    const missing = await importDump(`${DUMPS}/absent.sql`);
    expect(missing.status).toBe('ERROR');
    expect(missing.errorReason).toContain('File or folder not found');

    const dotted = await importDump(`${DUMPS}/../dumps/plain.sql`);
    expect(dotted.status).toBe('ERROR');
    expect(dotted.errorReason).toContain('Invalid path');
  });
});
