import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import { defaultPageRoutes } from '@hostdeck/contracts/default-page';
import { events } from '../database/schema.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

const [pglite] = await availableTestDatabases();

function createFakeExecutor() {
  const state = {
    stdout: 'page\t/var/www/html/index.html\t1\tnginx\n<h1>Hi</h1>\n',
    runs: [] as RunOptions[],
  };
  const executor: RemoteExecutor = {
    async connect() {
      return {
        hostKeyFingerprint: 'SHA256:fake',
        async run(options) {
          state.runs.push(options);
          options.onStdout?.(state.stdout);
          return { exitCode: 0, signal: null, durationMs: 1 };
        },
        async close() {},
      };
    },
  };
  return { executor, state };
}

describe('default page API', () => {
  let test: TestApp;
  const fake = createFakeExecutor();
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor: fake.executor });
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    fake.state.runs.length = 0;
  });
  const db = () => test.database.db;

  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const server = await insertServer(db(), olga.user.id, {
      name: 'page-web',
      ip: '203.0.113.31',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    return { olga, mallory, url: `/api/servers/${server.id}/default-page` };
  }

  it('reads the page from the server', async () => {
    const { olga, url } = await scene();
    const response = await olga.api.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(defaultPageRoutes.show.response.parse(response.json()).data).toEqual({
      path: '/var/www/html/index.html',
      exists: true,
      web_server: 'nginx',
      content: '<h1>Hi</h1>\n',
    });
  });

  it('writes it as an event, the content sealed', async () => {
    const { olga, url } = await scene();
    const response = await olga.api.post(url, { content: '<h1>Welcome $(id)</h1>\n' });
    expect(response.statusCode, response.body).toBe(201);
    const id = startedEventResponseSchema.parse(response.json()).data.id;
    const event = (await db().select().from(events).where(eq(events.id, id)))[0]!;
    expect(event.type).toBe('default_page_update');
    expect(JSON.stringify(event)).not.toContain('Welcome');
    expect(fake.state.runs).toHaveLength(0);
  });

  it('refuses an empty, binary or too large page, and strangers', async () => {
    const { olga, mallory, url } = await scene();
    for (const content of ['', 'a\u0000b', '\u001b[31m', 'x'.repeat(256 * 1024 + 1)]) {
      expect((await olga.api.post(url, { content })).statusCode).toBe(422);
    }
    expect((await olga.api.post(url, { content: 'ok', extra: 1 })).statusCode).toBe(422);
    expect((await mallory.api.get(url)).statusCode).toBe(404);
    expect((await mallory.api.post(url, { content: 'hi' })).statusCode).toBe(404);
    expect(fake.state.runs).toHaveLength(0);
  });
});
