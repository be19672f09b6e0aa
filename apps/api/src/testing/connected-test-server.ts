import { bootTestServer, resetTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { connectToTestServer } from '../../../../tools/test-server/web-test-server.js';
import { servers } from '../database/schema.js';
import { apiAs, type ApiClient } from '../policy/testing/policy-fixtures.js';
import { createServerRecord, createSignedInUser } from './fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';
import { eq } from './sql.js';
import type { TestDatabase } from './test-databases.js';

/** Test server `name` booted if needed, then put back in its fresh state (server tests start clean). */
export async function bootCleanTestServer(name: string): Promise<TestServer> {
  await bootTestServer(name);
  return resetTestServer(name);
}

export interface ConnectedTestApp {
  test: TestApp;
  /** The signed-in owner of the server row. */
  user: Awaited<ReturnType<typeof createSignedInUser>>['user'];
  /** The owner's session cookie (for websockets and other requests outside `api`). */
  cookie: string;
  /** The owner's API client. */
  api: ApiClient;
  /** The server row of `testServer`, reached with its root password. */
  serverId: number;
}

/**
 * A panel test app (not listening) with a signed-in user who owns a server row for the booted
 * `testServer`, so server tests can drive the API and the job workers against a real machine.
 */
export async function createConnectedTestApp(
  database: TestDatabase,
  testServer: TestServer,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<ConnectedTestApp> {
  const test = await createTestApp(database, options);
  const { user, cookie } = await createSignedInUser(test.database.db);
  const api = await apiAs(test, cookie);
  const record = await createServerRecord(test.database.db, test.panel.secretBox, {
    userId: user.id,
    ip: testServer.address,
    port: testServer.port,
    password: testServer.password,
  });
  return { test, user, cookie, api, serverId: record.id };
}

/**
 * Marks the server row of `testServer` as provisioning leaves it (nginx, PHP 8.2, MariaDB: what the
 * web image has), with its SSH host key recorded, so site calls may run on it at once.
 */
export async function markProvisioned(test: TestApp, testServer: TestServer, serverId: number) {
  const session = await connectToTestServer(testServer);
  const hostKey = session.hostKeyFingerprint;
  await session.close();
  await test.database.db
    .update(servers)
    .set({
      installed: true,
      status: 'INSTALLED',
      hostKeyFingerprint: hostKey,
      defaultPhp: '8.2',
      provision: { web_server: 'nginx', php_versions: ['8.2'], database: 'mariadb' },
    })
    .where(eq(servers.id, serverId));
}
