import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { errorResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { supervisorListSchema } from '@hostdeck/contracts/supervisor';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { events } from '../database/schema.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

const [pglite] = await availableTestDatabases();

const program = (value: Record<string, unknown>) =>
  `program\t${JSON.stringify({
    name: 'worker',
    managed: true,
    file: '/etc/supervisor/conf.d/hostdeck-worker.conf',
    command: 'php artisan queue:work',
    directory: '/home/hostdeck/app',
    user: 'hostdeck',
    numprocs: 1,
    autostart: true,
    autorestart: 'true',
    startsecs: 1,
    stopwaitsecs: 10,
    stopsignal: 'TERM',
    environment: [],
    processes: [{ name: 'worker', state: 'RUNNING', pid: 41, description: 'pid 41, uptime 0:01:00' }],
    errors: [],
    ...value,
  })}`;
const INVENTORY = [
  'supervisor\t1\t1',
  program({}),
  program({
    name: 'legacy',
    managed: false,
    file: '/etc/supervisor/conf.d/legacy.conf',
    processes: [{ name: 'legacy', state: 'FATAL', pid: null, description: 'Exited too quickly' }],
    errors: ['INFO gave up: legacy entered FATAL state'],
  }),
  'end',
  '',
].join('\n');

/** Answers every command with `stdout` (the inventory, or a log) and records what it was asked. */
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

const VALID = {
  name: 'mailer',
  command: 'php /home/hostdeck/app/artisan queue:work',
  directory: '/home/hostdeck/app',
  user: 'hostdeck',
  numprocs: 2,
  autostart: true,
  autorestart: 'unexpected',
  startsecs: 1,
  stopwaitsecs: 10,
  stopsignal: 'TERM',
  environment: [{ key: 'APP_ENV', value: 'production' }],
};

describe('supervisor API', () => {
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
      name: 'queue-web',
      ip: '203.0.113.30',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    return { olga, mallory, server, base: `/api/servers/${server.id}/supervisor` };
  }
  const eventCount = async () => (await db().select().from(events)).length;

  it('lists the programs read from the server, managed or not, with the last errors of a failing one', async () => {
    const { olga, base } = await scene();
    const response = await olga.api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = supervisorListSchema.parse(response.json());
    expect(data.map((item) => [item.name, item.managed, item.state])).toEqual([
      ['worker', true, 'RUNNING'],
      ['legacy', false, 'FATAL'],
    ]);
    expect(data[1]!.errors).toEqual(['INFO gave up: legacy entered FATAL state']);
  });

  it('answers the log tail as a read', async () => {
    const { olga, base } = await scene();
    fake.state.stdout = 'Serving HTTP on 127.0.0.1\n';
    const response = await olga.api.get(`${base}/worker/log`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { program: 'worker', content: 'Serving HTTP on 127.0.0.1\n' } });
    expect((await olga.api.get(`${base}/-rf/log`)).statusCode).toBe(422);
  });

  it('starts every change as a supervisor_* event', async () => {
    const { olga, base, server } = await scene();
    const start = async (response: { statusCode: number; body: string; json(): unknown }) => {
      expect(response.statusCode, response.body).toBe(201);
      const id = startedEventResponseSchema.parse(response.json()).data.id;
      return (await db().select().from(events).where(eq(events.id, id)))[0]!;
    };
    expect(await start(await olga.api.post(base, VALID))).toMatchObject({
      type: 'supervisor_create',
      recipeId: 'supervisor-save',
      serverId: server.id,
      description: 'Create Supervisor program mailer',
    });
    const { name: _name, ...settings } = VALID;
    expect(await start(await olga.api.put(`${base}/mailer`, settings))).toMatchObject({
      type: 'supervisor_update',
      recipeId: 'supervisor-save',
    });
    expect(await start(await olga.api.delete(`${base}/mailer`))).toMatchObject({
      type: 'supervisor_delete',
      recipeId: 'supervisor-delete',
    });
    for (const action of ['start', 'stop', 'restart', 'clear-log']) {
      expect(await start(await olga.api.post(`${base}/legacy/${action}`))).toMatchObject({
        type: `supervisor_${action.replace('-', '_')}`,
        recipeId: 'supervisor-control',
      });
    }
    expect(fake.state.runs).toHaveLength(0);
  });

  it('refuses hostile values in every field with 422, in the reader language, before anything is queued', async () => {
    const { olga, base } = await scene();
    const before = await eventCount();
    const fields: ((payload: string) => Record<string, unknown>)[] = [
      (payload) => ({ name: payload }),
      (payload) => ({ command: payload }),
      (payload) => ({ directory: payload }),
      (payload) => ({ user: payload }),
      (payload) => ({ stopsignal: payload }),
      (payload) => ({ autorestart: payload }),
      (payload) => ({ environment: [{ key: payload, value: 'x' }] }),
      (payload) => ({ environment: [{ key: 'X', value: payload }] }),
    ];
    for (const field of fields) {
      for (const payload of SHELL_INJECTION_PAYLOADS.filter((value) => value.length < 1000)) {
        const response = await olga.api.post(base, { ...VALID, ...field(payload) });
        expect(response.statusCode, `${JSON.stringify(field(payload))}: ${response.body}`).toBe(422);
      }
    }
    for (const payload of ['-rf', '..', 'a;id', '%2e%2e%2f']) {
      const response = await olga.api.post(`${base}/${encodeURIComponent(payload)}/start`);
      // `..` is resolved by the router before it matches (404); the others fail the grammar.
      expect([404, 422], payload).toContain(response.statusCode);
    }
    const vi = await olga.api.post(base, { ...VALID, command: 'sleep 1; id' }, 'vi');
    expect(errorResponseSchema.parse(vi.json()).errors).toEqual({
      command: [expect.stringMatching(/^Dùng một dòng/)],
    });
    expect(await eventCount()).toBe(before);
    expect(fake.state.runs).toHaveLength(0);
  });

  it('answers 404 to a stranger and starts nothing', async () => {
    const { mallory, base } = await scene();
    for (const response of [
      await mallory.api.get(base),
      await mallory.api.get(`${base}/worker/log`),
      await mallory.api.post(base, VALID),
      await mallory.api.post(`${base}/worker/stop`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(fake.state.runs).toHaveLength(0);
  });
});
