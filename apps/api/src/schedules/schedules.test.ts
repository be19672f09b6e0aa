import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { scheduleListSchema } from '@hostdeck/contracts/schedules';
import { events } from '../database/schema.js';
import type { EventRow } from '../events/events.repository.js';
import type { FinishedEventHandler } from '../jobs/event-hooks.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { eq } from '../testing/sql.js';
import { createSchedulesRepository } from './schedules.repository.js';
import { registerScheduleEventHandlers } from './schedules.service.js';

const [pglite] = await availableTestDatabases();
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A server whose inventory answers one hand-written crontab line and job 1's last run. */
function createFakeExecutor() {
  const runs: RunOptions[] = [];
  const stdout = [
    `crontab\thostdeck\t${b64('*/13 * * * * echo by-hand')}`,
    `crontab\thostdeck\t${b64('* * * * * date +%s')}`,
    'done',
    '',
  ].join('\n');
  const executor: RemoteExecutor = {
    async connect() {
      return {
        hostKeyFingerprint: 'SHA256:fake',
        async run(options) {
          runs.push(options);
          options.onStdout?.(stdout);
          return { exitCode: 0, signal: null, durationMs: 1 };
        },
        async close() {},
      };
    },
  };
  return { executor, runs };
}

describe('schedules API', () => {
  let test: TestApp;
  const fake = createFakeExecutor();
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor: fake.executor });
  });
  afterAll(async () => test.close());
  const db = () => test.database.db;

  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const server = await insertServer(db(), olga.user.id, {
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    return { olga, mallory, server, base: `/api/servers/${server.id}/schedules` };
  }

  it('creates a job as an event, lists it with the hand-written lines, and serves its script', async () => {
    const { olga, base } = await scene();
    const created = await olga.api.post(base, {
      user: 'hostdeck',
      command: 'php artisan schedule:run',
      expression: '* * * * *',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: eventId, schedule } = created.json().data as { id: number; schedule: number };
    const [event] = await db().select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ type: 'schedule_create', recipeId: 'schedule-apply', modelId: schedule });

    const list = scheduleListSchema.parse((await olga.api.get(base)).json()).data;
    expect(list[0]).toMatchObject({ id: schedule, managed: true, status: 'creating', timeout_seconds: 3600 });
    expect(list.slice(1)).toMatchObject([
      {
        id: null,
        managed: false,
        source: 'crontab',
        user: 'hostdeck',
        expression: '*/13 * * * *',
        adoptable: true,
      },
      { id: null, managed: false, line: '* * * * * date +%s', adoptable: false },
    ]);
    const script = await olga.api.get(`${base}/${schedule}/script`);
    expect(script.json().data.script).toContain('\nphp artisan schedule:run\n');
    expect(
      (await olga.api.put(`${base}/${schedule}`, { user: 'hostdeck', command: 'true', expression: '@daily' }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a bad expression with the §5 message, translated, and injection in every field', async () => {
    const { olga, base } = await scene();
    const before = (await db().select().from(events)).length;
    const job = { user: 'hostdeck', command: 'true', expression: '61 * * * *' };
    const english = await olga.api.post(base, job);
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.expression).toEqual(['value is not a valid cron expression']);
    const vietnamese = await olga.api.post(base, job, 'vi');
    expect(vietnamese.json().errors.expression).toEqual(['giá trị không phải là biểu thức cron hợp lệ']);
    for (const body of [
      { ...job, expression: '* * * * *\n* * * * * root id' },
      { ...job, expression: '* * * * *', command: 'echo a\n* * * * * root id' },
      { ...job, expression: '* * * * *', command: '-rf /' },
      { ...job, expression: '* * * * *', user: '-oProxyCommand=id' },
      { ...job, expression: '* * * * *', user: 'a\u0000b' },
    ]) {
      expect((await olga.api.post(base, body)).statusCode).toBe(422);
    }
    expect(
      (await olga.api.post(`${base}/adopt`, { user: 'hostdeck', line: '* * * * * date +%s' })).statusCode,
    ).toBe(422);
    expect((await db().select().from(events)).length).toBe(before);
  });

  it('answers 404 to a stranger', async () => {
    const { mallory, base } = await scene();
    expect((await mallory.api.get(base)).statusCode).toBe(404);
    expect(
      (await mallory.api.post(base, { user: 'hostdeck', command: 'true', expression: '@daily' })).statusCode,
    ).toBe(404);
  });

  it('settles the row when its event ends', async () => {
    const { olga, base, server } = await scene();
    const created = (
      await olga.api.post(base, { user: 'hostdeck', command: 'true', expression: '@hourly' })
    ).json().data as {
      schedule: number;
    };
    const repository = createSchedulesRepository(db());
    let handler: FinishedEventHandler | undefined;
    registerScheduleEventHandlers(
      { onFinished: (_prefix, registered) => (handler = registered) },
      repository,
    );
    const event = (type: string, status: string) =>
      ({
        type,
        status,
        serverId: server.id,
        modelId: created.schedule,
        modelType: 'schedule',
      }) as unknown as EventRow;
    expect(await handler!(event('schedule_create', EVENT_STATUS.finished))).toEqual(['schedules']);
    expect((await repository.findOnServer(server.id, created.schedule))?.status).toBe('active');
    await repository.update(created.schedule, { status: 'deleting' });
    await handler!(event('schedule_delete', EVENT_STATUS.error));
    expect((await repository.findOnServer(server.id, created.schedule))?.status).toBe('active');
    await handler!(event('schedule_delete', EVENT_STATUS.finished));
    expect(await repository.findOnServer(server.id, created.schedule)).toBeUndefined();
  });
});

describe('server detail', () => {
  it('counts the panel’s cron jobs (schedules_count)', async () => {
    const test = await createTestApp(pglite!, { executor: createFakeExecutor().executor });
    try {
      const olga = await signIn(test, 'Olga Owner');
      const server = await insertServer(test.database.db, olga.user.id);
      const repository = createSchedulesRepository(test.database.db);
      for (const command of ['true', 'date']) {
        await repository.insert({
          serverId: server.id,
          linuxUser: 'hostdeck',
          command,
          expression: '@daily',
        });
      }
      const detail = await olga.api.get(`/api/servers/${server.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.schedules_count).toBe(2);
    } finally {
      await test.close();
    }
  });
});
