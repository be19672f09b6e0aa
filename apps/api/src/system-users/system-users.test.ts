import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { sitesUsageRoute, systemUserListSchema } from '@hostdeck/contracts/system-users';
import { events, sites } from '../database/schema.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { eq } from '../testing/sql.js';

const [pglite] = await availableTestDatabases();

/** What the fake server answers to the inventory: the default user, a sudo user, an SFTP-only one. */
const INVENTORY = [
  'user\thostdeck\t1000\t/home/hostdeck\t/bin/bash\t0\t0\t0\t4096000',
  'dir\thostdeck\tshop.example.com\t2048000',
  'user\tdeploy\t1001\t/home/deploy\t/bin/bash\t1\t1\t0\t8192',
  'user\tuploader\t1002\t/home/uploader\t/usr/sbin/nologin\t0\t0\t1\t-',
  'end',
  '',
].join('\n');

/** Answers the inventory; records every command (the actions run only as events, later). */
function createFakeExecutor() {
  const state = { runs: [] as RunOptions[] };
  const executor: RemoteExecutor = {
    async connect() {
      return {
        hostKeyFingerprint: 'SHA256:fake',
        async run(options) {
          state.runs.push(options);
          options.onStdout?.(INVENTORY);
          return { exitCode: 0, signal: null, durationMs: 1 };
        },
        async close() {},
      };
    },
  };
  return { executor, state };
}

describe('system users API', () => {
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
      name: 'users-web',
      ip: '203.0.113.30',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    await db()
      .insert(sites)
      .values([
        { serverId: server.id, name: 'shop.example.com', linuxUser: 'hostdeck', status: 'active' },
        { serverId: server.id, name: 'blog.example.com', linuxUser: 'deploy', status: 'active' },
      ]);
    return { olga, mallory, server, base: `/api/servers/${server.id}/users` };
  }

  const eventCount = async (serverId: number) =>
    (await db().select().from(events).where(eq(events.serverId, serverId))).length;

  it('lists the accounts read from the server with the sites using each and their disk usage', async () => {
    const { olga, base } = await scene();
    const response = await olga.api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = systemUserListSchema.parse(response.json());
    expect(data.map((user) => user.name)).toEqual(['hostdeck', 'deploy', 'uploader']);
    expect(data[0]).toMatchObject({
      is_default: true,
      disk_usage: 4_096_000,
      deletable: false,
      sites: [{ name: 'shop.example.com' }],
    });
    expect(data[1]).toMatchObject({ sudo: true, sudo_managed: true, deletable: false });
    expect(data[2]).toMatchObject({ sftp_only: true, disk_usage: null, deletable: true, sites: [] });
  });

  it('answers each site’s disk usage (sites-usage)', async () => {
    const { olga, server } = await scene();
    const response = await olga.api.get(sitesUsageRoute.path.replace(':server', String(server.id)));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = sitesUsageRoute.response.parse(response.json());
    expect(data).toEqual([
      expect.objectContaining({ name: 'shop.example.com', linux_user: 'hostdeck', disk_usage: 2_048_000 }),
      expect.objectContaining({ name: 'blog.example.com', linux_user: 'deploy', disk_usage: null }),
    ]);
  });

  it('refuses to delete a user while sites run as it, naming them; never the default or a special user', async () => {
    const { olga, base, server } = await scene();
    const used = await olga.api.delete(`${base}/deploy`);
    expect(used.statusCode).toBe(422);
    expect(used.body).toContain('blog.example.com');
    const defaultUser = await olga.api.delete(`${base}/hostdeck`);
    expect(defaultUser.statusCode).toBe(422);
    for (const name of ['root', 'www-data', 'sshd', 'systemd-network', '_apt']) {
      const special = await olga.api.delete(`${base}/${name}`);
      expect(special.statusCode, name).toBe(422);
    }
    expect(await eventCount(server.id)).toBe(0);
    // A user no site uses is deleted as an event.
    const ok = await olga.api.delete(`${base}/uploader`);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await eventCount(server.id)).toBe(1);
  });

  it('creates users as events; a taken name, sudo with SFTP-only and bad passwords are refused first', async () => {
    const { olga, base, server } = await scene();
    expect((await olga.api.post(base, { name: 'deploy' })).statusCode).toBe(422);
    expect((await olga.api.post(base, { name: 'newbie', sudo: true, sftp_only: true })).statusCode).toBe(422);
    expect((await olga.api.post(base, { name: 'newbie', password: 'short' })).statusCode).toBe(422);
    const newline = await olga.api.post(base, { name: 'newbie', password: 'longenough\nroot:owned' });
    expect(newline.statusCode).toBe(422);
    expect((await olga.api.post(base, { name: 'newbie', shell: '/bin/zsh' })).statusCode).toBe(422);
    expect(await eventCount(server.id)).toBe(0);
    const created = await olga.api.post(base, {
      name: 'newbie',
      shell: '/bin/sh',
      password: 'a good password',
      sudo: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [event] = await db().select().from(events).where(eq(events.serverId, server.id));
    expect(event).toMatchObject({ type: 'system_user_create', recipeId: 'system-user-create' });
    // The password never reaches the event's readable columns.
    expect(JSON.stringify(event)).not.toContain('a good password');
  });

  it('refuses injection, option injection and control characters in every field before anything runs', async () => {
    const { olga, base, server } = await scene();
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const asName = await olga.api.post(base, { name: payload });
      expect(asName.statusCode, JSON.stringify(payload)).toBe(422);
      const asShell = await olga.api.post(base, { name: 'newbie', shell: payload });
      expect(asShell.statusCode, JSON.stringify(payload)).toBe(422);
      // `.`/`..` in a path are resolved by the URL itself (another route), not a parameter.
      if (payload === '.' || payload === '..') continue;
      const asUser = await olga.api.put(`${base}/${encodeURIComponent(payload)}/password`, {
        password: 'a good password',
      });
      expect([400, 404, 414, 422], JSON.stringify(payload).slice(0, 40)).toContain(asUser.statusCode);
    }
    for (const password of ['abcdefgh\n', 'abcdefgh\r', 'abc\u0000defgh', 'abcdefgh\u2028']) {
      const response = await olga.api.put(`${base}/deploy/password`, { password });
      expect(response.statusCode, JSON.stringify(password)).toBe(422);
    }
    expect(await eventCount(server.id)).toBe(0);
  });

  it('changes the password of an existing user only; sync is an event', async () => {
    const { olga, base, server } = await scene();
    expect((await olga.api.put(`${base}/ghost/password`, { password: 'a good password' })).statusCode).toBe(
      422,
    );
    const changed = await olga.api.put(`${base}/deploy/password`, { password: 'a good password' });
    expect(changed.statusCode, changed.body).toBe(201);
    expect((await olga.api.post(`${base}/sync`)).statusCode).toBe(201);
    expect(await eventCount(server.id)).toBe(2);
  });

  it('answers 404 to a stranger and starts nothing', async () => {
    const { mallory, base, server } = await scene();
    for (const response of [
      await mallory.api.get(base),
      await mallory.api.post(base, { name: 'newbie' }),
      await mallory.api.delete(`${base}/uploader`),
      await mallory.api.delete(`${base}/deploy`),
      await mallory.api.get(`/api/servers/${server.id}/sites-usage`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await eventCount(server.id)).toBe(0);
  });
});
