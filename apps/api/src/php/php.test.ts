import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { phpListSchema } from '@hostdeck/contracts/php';
import type { Recipe } from '@hostdeck/recipes';
import { decodeFileBytes } from '@hostdeck/recipes/php';
import { events, servers, sites } from '../database/schema.js';
import type { EventHooks, EventTask, EventTaskContext } from '../jobs/event-hooks.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { buildSiteApplyInput } from '../sites/site-state.js';
import { PHP_TASK, registerPhpTasks } from './php-tasks.js';
import { createPhpRepository } from './php.repository.js';

const [pglite] = await availableTestDatabases();

/** What the fake server answers to php-inventory: PHP 8.2 (running) and 7.4 (FPM failed), CLI 8.2. */
const INVENTORY = 'version\t8.2\tactive\t0\nversion\t7.4\tfailed\t1\ncli\t8.2\n';

/** An executor that answers every command with `stdout` and records what it ran. */
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

describe('php API', () => {
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
  const db = () => test.database.db;

  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const server = await insertServer(db(), olga.user.id, {
      name: `php-${Math.random().toString(36).slice(2, 8)}`,
      ip: '203.0.113.30',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    await db()
      .update(servers)
      .set({ defaultPhp: '8.2', phpSettings: { '8.2': { upload_size_mb: 256 } } })
      .where(eq(servers.id, server.id));
    await db()
      .insert(sites)
      .values([
        { serverId: server.id, name: 'shop.test', linuxUser: 'shop', phpVersion: '7.4' },
        { serverId: server.id, name: 'blog.test', linuxUser: 'blog', phpVersion: '7.4' },
        { serverId: server.id, name: 'static.test', linuxUser: 'hostdeck', phpVersion: null },
      ]);
    return { olga, mallory, server, base: `/api/servers/${server.id}/php` };
  }
  const readEvent = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;
  const taskInput = async (id: number) =>
    JSON.parse(
      test.panel.secretBox.open((await readEvent(id)).sealedInput!, SECRET_PURPOSE.eventInput),
    ) as Record<string, unknown>;

  it('lists every version with the server’s state and the panel’s settings and sites', async () => {
    const { olga, mallory, base } = await scene();
    const response = await olga.api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = phpListSchema.parse(response.json());
    expect(data.map((item) => item.version)).toEqual(['8.4', '8.3', '8.2', '8.1', '8.0', '7.4']);
    expect(data.find((item) => item.version === '8.2')).toEqual({
      version: '8.2',
      installed: true,
      fpm: 'active',
      is_default: true,
      is_cli: true,
      upload_size_mb: 256,
      execution_time: 60,
      opcache: true,
      ioncube: false,
      sites: [],
    });
    const old = data.find((item) => item.version === '7.4')!;
    expect(old).toMatchObject({ installed: true, fpm: 'failed', is_default: false, ioncube: true });
    expect(old.sites.map((site) => site.name)).toEqual(['blog.test', 'shop.test']);
    expect(data.find((item) => item.version === '8.4')).toMatchObject({ installed: false, sites: [] });
    expect((await mallory.api.get(base)).statusCode).toBe(404);
  });

  it('refuses to remove a version sites use (naming them) or the default one, in both languages', async () => {
    const { olga, base } = await scene();
    const used = await olga.api.delete(`${base}/7.4`);
    expect(used.statusCode).toBe(422);
    expect(used.json().errors.version).toEqual(['PHP 7.4 is used by these sites: blog.test, shop.test']);
    const vi = await olga.api.delete(`${base}/7.4`, 'vi');
    expect(vi.json().errors.version).toEqual([
      'PHP 7.4 đang được các trang web này sử dụng: blog.test, shop.test',
    ]);
    const defaultVersion = await olga.api.delete(`${base}/8.2`);
    expect(defaultVersion.statusCode).toBe(422);
    expect(defaultVersion.json().errors.version[0]).toContain('default version');
    const removable = await olga.api.delete(`${base}/8.1`);
    expect(removable.statusCode, removable.body).toBe(201);
    const event = await readEvent(removable.json().data.id);
    expect(event.type).toBe('php_remove');
    expect(event.recipeId).toBe(`task:${PHP_TASK}`);
  });

  it('starts one php_* event per action, with its task input', async () => {
    const { olga, base, server } = await scene();
    const cases: [string, string, unknown, string, Record<string, unknown>][] = [
      ['post', base, { version: '8.3' }, 'php_install', { action: 'install', version: '8.3' }],
      ['put', `${base}/default`, { version: '8.2' }, 'php_default', { action: 'default', version: '8.2' }],
      ['put', `${base}/cli`, { version: '8.2' }, 'php_cli', { action: 'cli', version: '8.2' }],
      [
        'post',
        `${base}/8.2/opcache`,
        undefined,
        'php_opcache',
        { action: 'opcache', version: '8.2', enabled: true },
      ],
      [
        'delete',
        `${base}/8.2/opcache`,
        undefined,
        'php_opcache',
        { action: 'opcache', version: '8.2', enabled: false },
      ],
      [
        'post',
        `${base}/8.2/opcache/reset`,
        undefined,
        'php_opcache_reset',
        { action: 'opcache-reset', version: '8.2' },
      ],
      [
        'put',
        `${base}/8.2/max-upload-size`,
        { size_mb: 512 },
        'php_upload_size',
        { action: 'upload-size', version: '8.2', size_mb: 512 },
      ],
      [
        'put',
        `${base}/8.2/max-execution-time`,
        { seconds: 300 },
        'php_execution_time',
        { action: 'execution-time', version: '8.2', seconds: 300 },
      ],
      [
        'post',
        `${base}/8.2/ini`,
        { sapi: 'cli', content: '[PHP]\nmemory_limit = 256M\n' },
        'php_ini',
        { action: 'ini', version: '8.2', sapi: 'cli', content: '[PHP]\nmemory_limit = 256M\n' },
      ],
      [
        'post',
        `${base}/8.2/ioncube`,
        undefined,
        'php_ioncube',
        { action: 'ioncube', version: '8.2', enabled: true },
      ],
      [
        'delete',
        `${base}/8.2/ioncube`,
        undefined,
        'php_ioncube',
        { action: 'ioncube', version: '8.2', enabled: false },
      ],
    ];
    for (const [method, url, body, type, input] of cases) {
      const api = olga.api as unknown as Record<
        string,
        (url: string, body?: unknown) => ReturnType<typeof olga.api.get>
      >;
      const response = await api[method]!(url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(201);
      const id = response.json().data.id as number;
      const event = await readEvent(id);
      expect(event.type).toBe(type);
      expect(event.serverId).toBe(server.id);
      expect(await taskInput(id)).toEqual(input);
    }
    const upload = await olga.api.put(`${base}/8.2/max-upload-size`, { size_mb: 512 });
    expect((await readEvent(upload.json().data.id)).descriptionValues).toEqual({ version: '8.2', size: 512 });
  });

  it('refuses hostile and out-of-range values before anything starts', async () => {
    const { olga, base } = await scene();
    const before = (await db().select().from(events)).length;
    for (const payload of SHELL_INJECTION_PAYLOADS.slice(0, 30)) {
      expect((await olga.api.post(base, { version: payload })).statusCode).toBe(422);
      expect((await olga.api.put(`${base}/cli`, { version: payload })).statusCode).toBe(422);
      expect((await olga.api.put(`${base}/8.2/max-upload-size`, { size_mb: payload })).statusCode).toBe(422);
      const path = await olga.api.post(`${base}/${encodeURIComponent(payload)}/opcache`);
      expect([400, 404, 422]).toContain(path.statusCode);
    }
    for (const size_mb of [0, -1, 10_241, 1.5]) {
      expect((await olga.api.put(`${base}/8.2/max-upload-size`, { size_mb })).statusCode).toBe(422);
    }
    for (const seconds of [0, 86_401]) {
      expect((await olga.api.put(`${base}/8.2/max-execution-time`, { seconds })).statusCode).toBe(422);
    }
    const control = await olga.api.post(`${base}/8.2/ini`, { sapi: 'fpm', content: 'a = 1\u0000\n' });
    expect(control.statusCode).toBe(422);
    expect(
      (await olga.api.post(`${base}/8.2/ini`, { sapi: 'fpm', content: 'x'.repeat(512 * 1024 + 1) }))
        .statusCode,
    ).toBe(422);
    expect((await olga.api.post(`${base}/8.2/ini`, { sapi: '--help', content: '' })).statusCode).toBe(422);
    expect((await db().select().from(events)).length).toBe(before);
  });

  it('reads a php.ini live', async () => {
    const { olga, base } = await scene();
    fake.state.stdout = `ini\t${Buffer.from('[PHP]\nmemory_limit = 128M\n').toString('base64')}\n`;
    const response = await olga.api.get(`${base}/8.2/ini?sapi=cli`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { content: '[PHP]\nmemory_limit = 128M\n' } });
  });

  it('runs the recipes of a change, then stores what the server now has', async () => {
    const { server } = await scene();
    let task: EventTask | undefined;
    registerPhpTasks(
      {
        registerTask: (_name: string, registered: EventTask) => (task = registered),
      } as unknown as EventHooks,
      {
        repository: createPhpRepository(db()),
      },
    );
    const ran: { recipe: string; input: Record<string, unknown> }[] = [];
    const context = (input: unknown) =>
      ({
        event: { serverId: server.id },
        input,
        runRecipe: async (recipe: Recipe, recipeInput: Record<string, unknown>) => {
          ran.push({ recipe: recipe.id, input: recipeInput });
          return '';
        },
      }) as unknown as EventTaskContext;

    await task!(context({ action: 'upload-size', version: '8.2', size_mb: 512 }));
    await task!(context({ action: 'opcache', version: '8.2', enabled: false }));
    await task!(context({ action: 'cli', version: '8.2' }));
    await task!(context({ action: 'ini', version: '8.2', sapi: 'fpm', content: 'a = "ä"\n' }));
    expect(ran.map((entry) => entry.recipe)).toEqual([
      'php-settings',
      'php-settings',
      'php-cli',
      'php-ini-write',
    ]);
    expect(ran[1]!.input).toEqual({
      version: '8.2',
      upload_size_mb: 512,
      execution_time: 60,
      opcache: false,
    });
    expect(decodeFileBytes(String(ran[3]!.input.content)).toString('utf8')).toBe('a = "ä"\n');
    const [row] = await db().select().from(servers).where(eq(servers.id, server.id));
    expect(row!.phpSettings).toEqual({
      '8.2': { upload_size_mb: 512, execution_time: 60, opcache: false, ioncube: false },
    });
    expect(row!.phpCli).toBe('8.2');
    await expect(task!(context({ action: 'remove', version: '7.4' }))).rejects.toThrow(
      /blog\.test, shop\.test/,
    );
  });

  it('gives site-apply the limits of the site’s version, the new one on a version switch', async () => {
    const { server } = await scene();
    await db()
      .update(servers)
      .set({
        phpSettings: { '8.2': { upload_size_mb: 256 }, '7.4': { upload_size_mb: 32, execution_time: 600 } },
      })
      .where(eq(servers.id, server.id));
    const [shop] = await db().select().from(sites).where(eq(sites.name, 'shop.test'));
    const site = { ...shop!, serverId: server.id };
    expect(await buildSiteApplyInput(db(), site)).toMatchObject({
      php_upload_size_mb: 32,
      php_execution_time: 600,
    });
    expect(await buildSiteApplyInput(db(), site, { php_version: '8.2' })).toMatchObject({
      php_version: '8.2',
      php_upload_size_mb: 256,
      php_execution_time: 60,
    });
    const none = await buildSiteApplyInput(db(), site, { php_version: null });
    expect(none).not.toHaveProperty('php_upload_size_mb');
  });
});
