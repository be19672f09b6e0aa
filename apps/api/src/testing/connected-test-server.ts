import { bootTestServer, resetTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { apiAs, type ApiClient } from '../policy/testing/policy-fixtures.js';
import { createServerRecord, createSignedInUser } from './fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';
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
