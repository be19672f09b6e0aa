import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import { olsIndexResponseSchema, olsPhpIniResponseSchema } from '@hostdeck/contracts/openlitespeed';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { events } from '../database/schema.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

const [pglite] = await availableTestDatabases();

const INSTALLED = [
  'os\tubuntu-24.04',
  'installed\t1',
  'version\t1.8.3',
  'status\tactive',
  'php\t8.1\t/usr/local/lsws/lsphp81/etc/php/8.1/litespeed/php.ini',
  'php\t8.3\t/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini',
  'admin\tadmin',
  'end',
  '',
].join('\n');

/** A fake server: answers every step with `stdout`, records what it was asked. */
function createFakeExecutor() {
  const state = { stdout: INSTALLED, exitCode: 0, runs: [] as RunOptions[] };
  const executor: RemoteExecutor = {
    async connect() {
      return {
        hostKeyFingerprint: 'SHA256:fake',
        async run(options) {
          state.runs.push(options);
          options.onStdout?.(state.stdout);
          return { exitCode: state.exitCode, signal: null, durationMs: 1 };
        },
        async close() {},
      };
    },
  };
  return { executor, state };
}

describe('OpenLiteSpeed API', () => {
  let test: TestApp;
  const fake = createFakeExecutor();
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor: fake.executor });
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    fake.state.stdout = INSTALLED;
    fake.state.exitCode = 0;
    fake.state.runs.length = 0;
  });
  const db = () => test.database.db;

  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const mallory = await signIn(test, 'Mallory');
    const server = await insertServer(db(), olga.user.id, {
      name: 'ols-web',
      ip: '203.0.113.30',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    return { olga, mallory, server, base: `/api/servers/${server.id}/openlitespeed` };
  }
  const readEvent = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

  it('answers the index read from the server, with infos.ols_php', async () => {
    const { olga, base } = await scene();
    const response = await olga.api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    expect(olsIndexResponseSchema.parse(response.json())).toEqual({
      data: {
        installed: true,
        version: '1.8.3',
        status: 'active',
        os: 'ubuntu-24.04',
        needs_ubuntu: false,
        php: [
          { version: '8.3', ini_path: '/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini' },
          { version: '8.1', ini_path: '/usr/local/lsws/lsphp81/etc/php/8.1/litespeed/php.ini' },
        ],
        admin_users: ['admin'],
      },
      infos: { ols_php: ['8.3', '8.1'] },
    });
    expect(fake.state.runs).toHaveLength(1);
  });

  it('says a Debian server needs Ubuntu', async () => {
    const { olga, base } = await scene();
    fake.state.stdout = 'os\tdebian-12\ninstalled\t0\nversion\t-\nstatus\t-\nend\n';
    const { data, infos } = olsIndexResponseSchema.parse((await olga.api.get(base)).json());
    expect(data).toMatchObject({ installed: false, needs_ubuntu: true, php: [] });
    expect(infos.ols_php).toEqual([]);
  });

  it('refuses output it cannot read', async () => {
    const { olga, base } = await scene();
    fake.state.stdout = 'something else\n';
    expect((await olga.api.get(base)).statusCode).not.toBe(200);
  });

  it('reads a php.ini', async () => {
    const { olga, base } = await scene();
    fake.state.stdout = 'ini\t/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini\t14\n[PHP]\na = "b"\n';
    const response = await olga.api.get(`${base}/php-ini?version=8.3`);
    expect(response.statusCode, response.body).toBe(200);
    expect(olsPhpIniResponseSchema.parse(response.json()).data).toEqual({
      version: '8.3',
      path: '/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini',
      content: '[PHP]\na = "b"\n',
    });
    expect((await olga.api.get(`${base}/php-ini?version=8.3;id`)).statusCode).toBe(422);
  });

  it('starts the admin password, php.ini, restart and install as events; secrets stay out of plain columns', async () => {
    const { olga, base } = await scene();
    const password = await olga.api.put(`${base}/admin-password`, {
      username: 'admin',
      password: 'Sup3r secret!',
    });
    expect(password.statusCode, password.body).toBe(201);
    const passwordEvent = await readEvent(startedEventResponseSchema.parse(password.json()).data.id);
    expect(passwordEvent.type).toBe('openlitespeed_admin_password');
    expect(JSON.stringify(passwordEvent)).not.toContain('Sup3r');
    expect(JSON.stringify(passwordEvent)).not.toContain(Buffer.from('Sup3r').toString('hex'));

    const ini = await olga.api.post(`${base}/php-ini`, { version: '8.3', content: 'memory_limit = 256M\n' });
    expect(ini.statusCode, ini.body).toBe(201);
    expect((await readEvent(startedEventResponseSchema.parse(ini.json()).data.id)).type).toBe(
      'openlitespeed_php_ini',
    );

    const restart = await olga.api.post(`${base}/restart`);
    expect(restart.statusCode, restart.body).toBe(201);
    expect((await readEvent(startedEventResponseSchema.parse(restart.json()).data.id)).type).toBe(
      'openlitespeed_restart',
    );

    // The install is Applications' own event, so the Applications page sees it too.
    const install = await olga.api.post(`${base}/install`);
    expect(install.statusCode, install.body).toBe(201);
    const installEvent = await readEvent(startedEventResponseSchema.parse(install.json()).data.id);
    expect(installEvent.type).toBe('application_install');
    expect(installEvent.descriptionValues).toMatchObject({
      application: 'OpenLiteSpeed',
      application_id: 'openlitespeed',
    });
    // Nothing ran on the server while the requests waited.
    expect(fake.state.runs).toHaveLength(0);
  });

  it('refuses injection, option injection and control characters in every field before anything starts', async () => {
    const { olga, base } = await scene();
    const before = (await db().select().from(events)).length;
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const user = await olga.api.put(`${base}/admin-password`, {
        username: payload,
        password: 'long enough',
      });
      expect(user.statusCode, payload).toBe(422);
      const version = await olga.api.post(`${base}/php-ini`, { version: payload, content: 'a = 1\n' });
      expect(version.statusCode, payload).toBe(422);
    }
    for (const password of [
      'short',
      'two\nlines here',
      ' leading space',
      'bell\u0007char!',
      'x'.repeat(129),
    ]) {
      expect((await olga.api.put(`${base}/admin-password`, { username: 'admin', password })).statusCode).toBe(
        422,
      );
    }
    for (const content of ['a = 1\u0000', 'esc \u001b[31m', 'x'.repeat(512 * 1024 + 1)]) {
      expect((await olga.api.post(`${base}/php-ini`, { version: '8.3', content })).statusCode).toBe(422);
    }
    expect(
      (await olga.api.put(`${base}/admin-password`, { username: 'admin', password: 'long enough', x: 1 }))
        .statusCode,
    ).toBe(422);
    expect((await db().select().from(events)).length).toBe(before);
  });

  it('answers 404 to a stranger on every call and starts nothing', async () => {
    const { mallory, base } = await scene();
    const calls = [
      mallory.api.get(base),
      mallory.api.get(`${base}/php-ini?version=8.3`),
      mallory.api.post(`${base}/install`),
      mallory.api.put(`${base}/admin-password`, { username: 'admin', password: 'long enough' }),
      mallory.api.post(`${base}/php-ini`, { version: '8.3', content: 'a = 1\n' }),
      mallory.api.post(`${base}/restart`),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect(fake.state.runs).toHaveLength(0);
  });
});
