import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { pm2LogsRoute, pm2Section } from '@hostdeck/contracts/pm2';
import { eq } from '../testing/sql.js';
import { events } from '../database/schema.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { presentPm2Apps } from './pm2.section.js';

const [pglite] = await availableTestDatabases();

const process = (user: string, name: string, id: number, status = 'online') =>
  `process ${JSON.stringify({
    user,
    name,
    pm_id: id,
    status,
    pid: status === 'online' ? 100 + id : null,
    script: `/home/${user}/app/${name}.js`,
    cwd: `/home/${user}/app`,
    args: ['--port=3000'],
    interpreter: 'node',
    exec_mode: id === 2 || id === 3 ? 'cluster' : 'fork',
    restarts: 1,
    started_at: status === 'online' ? 1_700_000_000_000 + id : null,
    cpu: 1,
    memory: 1024 * 1024,
  })}`;

const INVENTORY = [
  'pm2 installed 7.0.4',
  'user hostdeck 1 1',
  'user shop 1 0',
  process('hostdeck', 'api', 0),
  process('shop', 'worker', 2),
  process('shop', 'worker', 3, 'errored'),
  'end',
  '',
].join('\n');

/** Answers every command with `stdout`, recording what it ran (no server). */
function createFakeExecutor() {
  const state = { stdout: INVENTORY, runs: [] as RunOptions[] };
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

describe('presentPm2Apps', () => {
  it("takes an app's instances together, the worst status shown", async () => {
    const { parsePm2Inventory } = await import('@hostdeck/recipes/pm2');
    const apps = presentPm2Apps(parsePm2Inventory(INVENTORY), 'shop');
    expect(apps).toEqual([
      expect.objectContaining({
        user: 'shop',
        name: 'worker',
        pm_ids: [2, 3],
        pids: [102],
        status: 'errored',
        instances: 2,
        restarts: 2,
        exec_mode: 'cluster',
        memory: 2 * 1024 * 1024,
        startup: false,
      }),
    ]);
  });
});

describe('PM2 API', () => {
  let test: TestApp;
  const fake = createFakeExecutor();
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor: fake.executor });
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    fake.state.stdout = INVENTORY;
    fake.state.runs.length = 0;
  });

  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const server = await insertServer(test.database.db, olga.user.id, {
      name: 'node-web',
      ip: '203.0.113.30',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    return { olga, mallory, server, base: `/api/servers/${server.id}/pm2` };
  }

  it("lists one user's apps, the server's default Linux user by default", async () => {
    const { olga, base } = await scene();
    const mine = pm2Section.list.response.parse((await olga.api.get(base)).json());
    expect(mine.data.map((app) => [app.user, app.name, app.status, app.startup])).toEqual([
      ['hostdeck', 'api', 'online', true],
    ]);
    const shop = pm2Section.list.response.parse((await olga.api.get(`${base}?user=shop`)).json());
    expect(shop.data.map((app) => app.name)).toEqual(['worker']);
    expect((await olga.api.get(`${base}?user=root`)).statusCode).toBe(422);
  });

  it('starts each change as a pm2_ event with its recipe and input', async () => {
    const { olga, base, server } = await scene();
    const created = await olga.api.post(base, {
      user: 'shop',
      name: 'api',
      script: 'server.js',
      cwd: '/home/shop/api',
      args: ['--port=3000'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = (
      await test.database.db
        .select()
        .from(events)
        .where(eq(events.id, created.json().data.id as number))
    )[0]!;
    expect([event.type, event.recipeId, event.serverId]).toEqual(['pm2_create', 'pm2-app-create', server.id]);

    const restarted = await olga.api.post(`${base}/api/restart`, { user: 'shop' });
    expect(restarted.statusCode, restarted.body).toBe(201);
    const deleted = await olga.api.deleteWith(`${base}/api`, { user: 'shop' });
    expect(deleted.statusCode, deleted.body).toBe(201);
    const types = (await test.database.db.select().from(events).where(eq(events.serverId, server.id))).map(
      (row) => [row.type, row.recipeId],
    );
    expect(types).toEqual([
      ['pm2_create', 'pm2-app-create'],
      ['pm2_restart', 'pm2-app-control'],
      ['pm2_delete', 'pm2-app-control'],
    ]);
  });

  it.each(['user', 'name', 'script', 'cwd', 'interpreter'] as const)(
    'refuses injection payloads in %s before anything runs',
    async (field) => {
      const { olga, base, server } = await scene();
      const valid = {
        user: 'shop',
        name: 'api',
        script: 'server.js',
        cwd: '/home/shop/api',
        interpreter: 'node',
      };
      for (const payload of SHELL_INJECTION_PAYLOADS) {
        const response = await olga.api.post(base, { ...valid, [field]: payload });
        expect(response.statusCode, `${field} ${JSON.stringify(payload)}`).toBe(422);
      }
      expect(await test.database.db.select().from(events).where(eq(events.serverId, server.id))).toEqual([]);
    },
  );

  it('refuses shell and control characters in arguments, and a hostile name in the path', async () => {
    const { olga, base, server } = await scene();
    const valid = { user: 'shop', name: 'api', script: 'server.js', cwd: '/home/shop/api' };
    for (const payload of ['$(id)', 'a;id', '`id`', 'a b', 'a\nb', 'a\u0000b', '|id', "'", '>x']) {
      const response = await olga.api.post(base, { ...valid, args: [payload] });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (const name of ['-rf', 'all', '0', 'a%3Bid', 'a%0Ab']) {
      expect((await olga.api.post(`${base}/${name}/restart`, { user: 'shop' })).statusCode, name).toBe(422);
    }
    expect((await olga.api.post(`${base}/api/restart`, { user: '-oProxyCommand=id' })).statusCode).toBe(422);
    expect(await test.database.db.select().from(events).where(eq(events.serverId, server.id))).toEqual([]);
  });

  it('reads the logs of an app; strangers get 404', async () => {
    const { olga, mallory, base } = await scene();
    fake.state.stdout = `out-path /home/shop/.pm2/logs/api-out.log\nout ${Buffer.from('hello\n').toString('base64')}\nerror-path -\nerror \nend\n`;
    const response = await olga.api.get(`${base}/api/logs?user=shop&lines=50`);
    expect(response.statusCode, response.body).toBe(200);
    expect(pm2LogsRoute.response.parse(response.json()).data).toEqual({
      out: 'hello\n',
      error: '',
      out_path: '/home/shop/.pm2/logs/api-out.log',
      error_path: null,
    });
    expect(fake.state.runs.length).toBeGreaterThan(0);
    expect((await mallory.api.get(`${base}/api/logs?user=shop`)).statusCode).toBe(404);
    expect((await mallory.api.get(base)).statusCode).toBe(404);
  });
});
