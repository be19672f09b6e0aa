import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { availableTestDatabases } from '../../testing/test-databases.js';
import { createFakeServer } from './fake-server.js';

/**
 * Test support (used by no production code). A panel on a fresh PGlite database whose servers are
 * one in-memory server (fake-server.ts, in this folder), for the tests of one `describe` block:
 * built before them, closed after, and the fake server reset to its first state before each test.
 * Call it inside the block; `testApp` and `db` answer once `beforeAll` has run.
 */
export function useFakeServerApp() {
  const fake = createFakeServer();
  let test: TestApp | undefined;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, { executor: fake.executor });
  });
  afterAll(async () => test?.close());
  beforeEach(() => {
    const fresh = createFakeServer();
    Object.assign(fake.state, fresh.state, { authorizedKeys: new Set(), log: [] });
  });
  const testApp = () => test!;
  return { fake, testApp, db: () => testApp().database.db };
}
