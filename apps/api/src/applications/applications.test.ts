import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { englishEventText, errorResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { APPLICATION_NAMES, applicationListSchema } from '@hostdeck/contracts/applications';
import { applicationInstall } from '@hostdeck/recipes/applications';
import { events } from '../database/schema.js';
import { createEventsRepository } from '../events/events.repository.js';
import { stepFailedText } from '../jobs/event-error.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../policy/testing/policy-fixtures.js';
import {
  SshConnectionError,
  type RemoteExecutor,
  type RemoteTarget,
  type RunOptions,
} from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

const [pglite] = await availableTestDatabases();

/** What the fake server answers to the inventory: a Debian 12 machine with nginx and PHP 8.2. */
function inventoryOutput(os = 'debian-12') {
  const lines = APPLICATION_NAMES.map((name) => {
    if (name === 'nginx') return 'app\tnginx\t1\t1.22.1-9+deb12u1\tactive\t1';
    if (name === 'php8.2') return 'app\tphp8.2\t1\t8.2.28-1~deb12u1\tinactive\t0';
    if (name === 'mariadb') return 'app\tmariadb\t1\t1:10.11.6-0+deb12u1\tactive\t0';
    return `app\t${name}\t0\t-\t-\t0`;
  });
  return ['os\t' + os, 'arch\tamd64', ...lines, 'end', ''].join('\n');
}

type Behaviour = { kind: 'answer'; stdout: string; exitCode?: number; stderr?: string } | { kind: 'refuse' };

/**
 * The executor the panel is built with in these tests: it answers the inventory command with
 * `behaviour` and records what it was asked, so the API is tested without a server (the server
 * test, applications.server.test.ts, runs the same calls against a real one).
 */
function createFakeExecutor() {
  const state = {
    behaviour: { kind: 'answer', stdout: inventoryOutput() } as Behaviour,
    targets: [] as RemoteTarget[],
    runs: [] as RunOptions[],
  };
  const executor: RemoteExecutor = {
    async connect(target) {
      state.targets.push(target);
      const behaviour = state.behaviour;
      if (behaviour.kind === 'refuse') {
        throw new SshConnectionError({ host: target.host, port: target.port }, 'connection refused');
      }
      return {
        hostKeyFingerprint: 'SHA256:fake',
        async run(options) {
          state.runs.push(options);
          options.onStdout?.(behaviour.stdout);
          if (behaviour.stderr) options.onStderr?.(behaviour.stderr);
          return { exitCode: behaviour.exitCode ?? 0, signal: null, durationMs: 1 };
        },
        async close() {},
      };
    },
  };
  return { executor, state };
}

describe('applications API', () => {
  let test: TestApp;
  const fake = createFakeExecutor();
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor: fake.executor });
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    fake.state.behaviour = { kind: 'answer', stdout: inventoryOutput() };
    fake.state.runs.length = 0;
  });

  const db = () => test.database.db;
  const password = () => test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password);

  /** Olga owns a reachable server shared with her team (Ed edits); Mallory is a stranger. */
  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const ed = await signIn(test, 'Ed Editor');
    const mallory = await signIn(test, 'Mallory');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    const server = await insertServer(db(), olga.user.id, {
      name: 'shop-web',
      ip: '203.0.113.20',
      sealedPassword: password(),
    });
    await insertShare(db(), team.id, server.id);
    return { olga, ed, mallory, server, base: `/api/servers/${server.id}/applications` };
  }

  const readEvent = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

  it('lists the catalogue with what the server reports, read live each time', async () => {
    const { olga, base, server } = await scene();
    const response = await olga.api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = applicationListSchema.parse(response.json());
    expect(data.map((application) => application.id)).toEqual([...APPLICATION_NAMES]);
    expect(data.find((application) => application.id === 'nginx')).toEqual({
      id: 'nginx',
      name: 'Nginx',
      group: 'webserver',
      binary_name: 'nginx',
      is_installed: true,
      installed_version: '1.22.1',
      service_state: 'active',
      auto_restart: true,
      icon: 'nginx',
      supported: true,
      install_failure: null,
    });
    expect(data.find((application) => application.id === 'mariadb')).toMatchObject({
      group: 'mysql',
      installed_version: '10.11.6',
    });
    expect(data.find((application) => application.id === 'mongod')).toMatchObject({
      is_installed: false,
      installed_version: null,
      service_state: null,
      supported: true,
    });
    // The server was asked through the constant runner, reached with its stored password.
    expect(fake.state.runs).toHaveLength(1);
    expect(fake.state.runs[0]!.command).toMatch(/^bash --norc -c '/);
    expect(fake.state.targets.at(-1)).toMatchObject({ host: '203.0.113.20', port: server.port });
    expect(fake.state.targets.at(-1)!.auth).toEqual({ kind: 'password', password: 'root-password' });

    // Real-server truth: the next read shows what the server says now, nothing is cached.
    fake.state.behaviour = {
      kind: 'answer',
      stdout: inventoryOutput().replace('\tactive\t1', '\tinactive\t1'),
    };
    const again = applicationListSchema.parse((await olga.api.get(base)).json());
    expect(again.data.find((application) => application.id === 'nginx')!.service_state).toBe('inactive');
  });

  it('filters by installed=yes|no and searches names', async () => {
    const { olga, base } = await scene();
    const ids = async (query: string) => {
      const response = await olga.api.get(`${base}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return applicationListSchema.parse(response.json()).data.map((application) => application.id);
    };
    expect(await ids('?installed=yes')).toEqual(['nginx', 'mariadb', 'php8.2']);
    const notInstalled = await ids('?installed=no');
    expect(notInstalled).not.toContain('nginx');
    expect(notInstalled).toHaveLength(APPLICATION_NAMES.length - 3);
    expect(await ids('?search=php')).toEqual(['php8.4', 'php8.3', 'php8.2', 'php8.1', 'php8.0', 'php7.4']);
    expect(await ids('?search=MARIA')).toEqual(['mariadb']);
    expect(await ids('?search=lite&installed=no')).toEqual(['openlitespeed']);
    expect(await ids('?search=php&installed=yes')).toEqual(['php8.2']);
    expect(await ids('?search=nothing-like-this')).toEqual([]);
    expect((await olga.api.get(`${base}?installed=maybe`)).statusCode).toBe(422);
  });

  it("marks what the panel cannot install on the server's system", async () => {
    const { olga, base } = await scene();
    fake.state.behaviour = { kind: 'answer', stdout: inventoryOutput('ubuntu-22.04') };
    const { data } = applicationListSchema.parse((await olga.api.get(base)).json());
    expect(data.find((application) => application.id === 'pm2')!.supported).toBe(false);
    expect(data.find((application) => application.id === 'nginx')!.supported).toBe(true);
  });

  it('answers 404 for a server the caller cannot see, on every call, and starts nothing', async () => {
    const { mallory, base } = await scene();
    const before = (await db().select().from(events)).length;
    const calls = [
      mallory.api.get(base),
      mallory.api.post(base, { name: 'nginx' }),
      mallory.api.delete(`${base}/nginx`),
      mallory.api.post(`${base}/nginx/stop`),
      mallory.api.post(`${base}/nginx/auto-restart`, { enabled: true }),
      mallory.api.get('/api/servers/999999/applications'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect((await db().select().from(events)).length).toBe(before);
    expect(fake.state.runs).toHaveLength(0);
  });

  it('lets a team editor of a shared server list and act', async () => {
    const { ed, base } = await scene();
    expect((await ed.api.get(base)).statusCode).toBe(200);
    expect((await ed.api.post(base, { name: 'postgresql' })).statusCode).toBe(201);
  });

  it('starts each change as an event and answers 201 with its id', async () => {
    const { olga, base, server } = await scene();
    const start = async (response: Awaited<ReturnType<typeof olga.api.post>>) => {
      expect(response.statusCode, response.body).toBe(201);
      return readEvent(startedEventResponseSchema.parse(response.json()).data.id);
    };

    const install = await start(await olga.api.post(base, { name: 'mariadb' }));
    expect(install).toMatchObject({
      type: 'application_install',
      description: 'Install mariadb',
      recipeId: 'application-install',
      serverId: server.id,
      userId: olga.user.id,
      status: 'PENDING',
    });
    const uninstall = await start(await olga.api.delete(`${base}/postgresql`));
    expect(uninstall).toMatchObject({
      type: 'application_uninstall',
      description: 'Uninstall postgresql',
      recipeId: 'application-uninstall',
    });
    for (const action of ['start', 'stop', 'restart'] as const) {
      const event = await start(await olga.api.post(`${base}/nginx/${action}`));
      expect(event).toMatchObject({ type: `application_${action}`, recipeId: 'application-service' });
    }
    expect((await start(await olga.api.post(`${base}/php8.2/stop`))).description).toBe('Stop PHP 8.2');
    const autoRestart = await start(await olga.api.post(`${base}/nginx/auto-restart`, { enabled: true }));
    expect(autoRestart).toMatchObject({
      type: 'application_auto_restart',
      description: 'Turn auto-restart on for Nginx',
      recipeId: 'application-auto-restart',
    });
    const off = await start(await olga.api.post(`${base}/nginx/auto-restart`, { enabled: false }));
    expect(off.description).toBe('Turn auto-restart off for Nginx');
    // Starting an event does not need the server to answer: the worker reaches it.
    expect(fake.state.runs).toHaveLength(0);
  });

  it("shows a failed install on its row, in the reader's language, until an install succeeds", async () => {
    const { olga, base } = await scene();
    const repository = createEventsRepository(db());
    const installOf = async (name: string) =>
      startedEventResponseSchema.parse((await olga.api.post(base, { name })).json()).data.id;
    const failure = stepFailedText('application-install', applicationInstall.steps[1]!, 1);
    const fail = (id: number) =>
      repository.finish(id, null, 'ERROR', englishEventText(failure, 'error'), failure);
    const rowOf = async (name: string, locale?: string) => {
      const response = await olga.api.get(base, locale);
      expect(response.statusCode, response.body).toBe(200);
      return applicationListSchema
        .parse(response.json())
        .data.find((application) => application.id === name)!;
    };

    // MongoDB's install failed: its row says so and names the event; running, it says nothing yet.
    const mongo = await installOf('mongod');
    expect((await rowOf('mongod')).install_failure).toBeNull();
    await fail(mongo);
    expect((await rowOf('mongod', 'vi')).install_failure).toEqual({
      event_id: mongo,
      status: 'ERROR',
      error_reason: 'Bước "Thêm kho gói của ứng dụng khi cần" thất bại (mã thoát 1)',
      error_id: 'stepFailed',
      error_values: {
        recipe: 'application-install',
        step: 'repository',
        title: failure.values.title,
        code: 1,
      },
    });
    expect((await rowOf('mongod')).install_failure?.error_reason).toBe(
      'Step "Add its package repository when needed" failed (exit code 1)',
    );
    // Another server's failures are not this one's.
    const other = await insertServer(db(), olga.user.id, { ip: '203.0.113.21', sealedPassword: password() });
    const otherList = applicationListSchema.parse(
      (await olga.api.get(`/api/servers/${other.id}/applications`)).json(),
    );
    expect(otherList.data.find((application) => application.id === 'mongod')!.install_failure).toBeNull();

    // A new attempt that succeeds clears it; an application the server reports installed never shows one.
    const retry = await installOf('mongod');
    await repository.finish(retry, null, 'FINISHED', null);
    expect((await rowOf('mongod')).install_failure).toBeNull();
    await fail(await installOf('nginx'));
    expect((await rowOf('nginx')).install_failure).toBeNull();
  });

  it('refuses unknown applications, actions and fields with 422 before anything is queued', async () => {
    const { olga, base } = await scene();
    const before = (await db().select().from(events)).length;
    const refusal = async (response: Awaited<ReturnType<typeof olga.api.post>>) => {
      expect(response.statusCode, response.body).toBe(422);
      return errorResponseSchema.parse(response.json());
    };
    expect((await refusal(await olga.api.post(base, { name: 'php5.6' }))).errors).toEqual({
      name: ['Unknown application'],
    });
    expect((await refusal(await olga.api.post(base, { name: 'nginx; id' }))).errors).toHaveProperty('name');
    await refusal(await olga.api.post(base, { name: 'nginx', extra: 1 }));
    await refusal(await olga.api.post(base, {}));
    expect((await refusal(await olga.api.delete(`${base}/sendmail`))).errors).toEqual({
      application: ['Unknown application'],
    });
    await refusal(await olga.api.post(`${base}/nginx/reload`));
    expect(
      (await refusal(await olga.api.post(`${base}/nginx/auto-restart`, { enabled: 'yes' }))).errors,
    ).toEqual({
      enabled: ['Invalid value'],
    });
    expect((await refusal(await olga.api.post(`${base}/nginx/auto-restart`, {}))).errors).toEqual({
      enabled: ['Required'],
    });
    const noService = await refusal(await olga.api.post(`${base}/pm2/restart`));
    expect(noService.errors).toEqual({ name: ['This application has no service of its own'] });
    const vietnamese = await olga.api.post(`${base}/wireguard/auto-restart`, { enabled: true }, 'vi');
    expect((await refusal(vietnamese)).errors).toEqual({ name: ['Ứng dụng này không có dịch vụ riêng'] });
    const unknown = await olga.api.post(base, { name: 'php5.6' }, 'vi');
    expect((await refusal(unknown)).errors).toEqual({ name: ['Ứng dụng không xác định'] });
    expect((await db().select().from(events)).length).toBe(before);
  });

  it('says so when the server cannot be reached, in the caller language', async () => {
    const { olga, base } = await scene();
    fake.state.behaviour = { kind: 'refuse' };
    const response = await olga.api.get(base);
    expect(response.statusCode).toBe(422);
    expect(errorResponseSchema.parse(response.json()).message).toBe(
      'Could not connect to 203.0.113.20:22: connection refused. Is SSH listening on this port?',
    );
    const vietnamese = errorResponseSchema.parse((await olga.api.get(base, 'vi')).json()).message;
    expect(vietnamese).toContain('203.0.113.20:22');
    expect(vietnamese).not.toContain('Could not connect');
  });

  it('reports a failed or unreadable inventory as such', async () => {
    const { olga, base } = await scene();
    fake.state.behaviour = { kind: 'answer', stdout: 'os\tdebian-12\n', exitCode: 0 };
    const unreadable = await olga.api.get(base);
    expect(unreadable.statusCode).toBe(422);
    expect(errorResponseSchema.parse(unreadable.json()).message).toBe(
      'The server answered with output the panel could not read.',
    );
    fake.state.behaviour = {
      kind: 'answer',
      stdout: '',
      exitCode: 2,
      stderr: 'dpkg-query: broken status file',
    };
    const failed = errorResponseSchema.parse((await olga.api.get(base)).json());
    expect(failed.message).toContain('A command failed on the server.');
    expect(failed.message).toContain('dpkg-query: broken status file');
  });

  it('asks for the server to be connected first when the panel holds no way in', async () => {
    const olga = await signIn(test, 'Olga Owner');
    const server = await insertServer(db(), olga.user.id);
    const response = await olga.api.get(`/api/servers/${server.id}/applications`);
    expect(response.statusCode).toBe(422);
    expect(errorResponseSchema.parse(response.json()).message).toMatch(/^Connect the server first/);
    expect(fake.state.runs).toHaveLength(0);
  });
});
