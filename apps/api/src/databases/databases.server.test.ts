import { gzipSync } from 'node:zlib';
import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_VERSION, databaseImportResponseSchema } from '@hostdeck/contracts';
import { buildZip } from '../../../../tools/testing/archives.js';
import { bootWebTestServer, connectToTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { databases, events, servers } from '../database/schema.js';
import type { ApiClient } from '../policy/policy-fixtures.testing.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { buildAgentBundle, installTestAgent } from '../testing/test-agent.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Database imports end to end on a booted Debian 12 server (the `web` image, MariaDB running):
 * the panel route starts an import_database event, its task calls the agent installed on the
 * server with a root token, the agent streams the dump into `mariadb`; the rows are then read back
 * with the server's own client.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'h1db';
const DATABASE = 'h1shop';
const DUMPS = '/root/dumps';

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
  const importDump = async (dump: string, remove?: boolean) => {
    const response = await api.post(`/api/servers/${serverId}/databases/${databaseId}/import`, {
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
    testServer = await bootWebTestServer(SERVER);
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
    expect(await exists(`${DUMPS}/packed dump.sql.gz`)).toBe(false);

    const zipped = await importDump(`${DUMPS}/backup.zip`, false);
    expect(zipped.status, zipped.output ?? '').toBe('FINISHED');
    expect(await count('from_zip')).toBe('7');
    expect(await exists(`${DUMPS}/backup.zip`)).toBe(true);
    console.log(`three imports through panel, queue and agent: ${Date.now() - started} ms`);
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
