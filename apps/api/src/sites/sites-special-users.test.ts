import { describe, expect, it } from 'vitest';
import { GRAMMAR_MESSAGES, serverDetailResponseSchema } from '@hostdeck/contracts';
import { events, sites } from '../database/schema.js';
import { useFakeServerApp } from '../servers/testing/servers.js';
import { insertInstalledServer, siteScene } from './testing/sites.js';

const PASSWORD = 'Gq7rT2mXv9LpZs4Nw8Hk';
const SPECIAL = GRAMMAR_MESSAGES.specialUser;
/** root, the web server, daemons, the SSH daemon, a database server, a systemd account. */
const SPECIAL_USERS = [
  'root',
  'www-data',
  'nobody',
  'sshd',
  'daemon',
  'bin',
  'sys',
  'mysql',
  'systemd-network',
];

/**
 * Issue 25, finding 2: a special user (spec/000 §5 'You can not use special user') never becomes
 * the owner of sites, through any route: the server's default Linux user, a site's isolated user,
 * a new owner. A server stored before the rule with root as its default user gets no shared site,
 * no clone, no provisioning run and no file-manager token for a site of root's.
 */
describe('special users never own sites', () => {
  const { testApp, db } = useFakeServerApp();

  const eventCount = async () => (await db().select({ id: events.id }).from(events)).length;

  it('refuses each as the default Linux user of a new server', async () => {
    const { olga } = await siteScene(testApp());
    for (const name of SPECIAL_USERS) {
      const response = await olga.api.post('/api/servers', {
        name: 'web-9',
        ip: '203.0.113.90',
        method: 'command',
        provision: { default_linux_user: name },
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ 'provision.default_linux_user': [SPECIAL] });
    }
    const vietnamese = await olga.api.post(
      '/api/servers',
      { name: 'web-9', ip: '203.0.113.90', method: 'command', provision: { default_linux_user: 'root' } },
      'vi',
    );
    expect(vietnamese.json().errors).toEqual({
      'provision.default_linux_user': ['Bạn không thể dùng người dùng đặc biệt'],
    });
    const fine = await olga.api.post('/api/servers', {
      name: 'web-9',
      ip: '203.0.113.90',
      method: 'command',
      provision: { default_linux_user: 'deploy' },
    });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(serverDetailResponseSchema.parse(fine.json()).data.default_linux_user).toBe('deploy');
  });

  it('refuses each as the user of an isolated site and as a new owner', async () => {
    const { olga, server } = await siteScene(testApp());
    for (const name of [...SPECIAL_USERS, 'hostdeck']) {
      const response = await olga.api.post('/api/sites', {
        name: 'shop.example.com',
        server_id: server.id,
        isolation: true,
        username: name,
        password: PASSWORD,
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ username: [SPECIAL] });
    }
    const created = await olga.api.post('/api/sites', { name: 'shop.example.com', server_id: server.id });
    expect(created.statusCode, created.body).toBe(201);
    const before = await eventCount();
    for (const name of SPECIAL_USERS) {
      const response = await olga.api.put(`/api/sites/${created.json().id}/owner`, { linux_user: name });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ linux_user: [SPECIAL] });
    }
    expect(await eventCount()).toBe(before);
  });

  it('starts nothing as the special default user of a server stored before the rule', async () => {
    const { olga, server } = await siteScene(testApp());
    const legacy = await insertInstalledServer(db(), olga.user.id, {
      name: 'web-old',
      ip: '203.0.113.91',
      defaultLinuxUser: 'root',
      sealedPrivateKey: 'sealed',
      provision: {
        web_server: 'apache2',
        php_versions: ['8.2'],
        database: 'mariadb',
        default_linux_user: 'root',
        timezone: 'UTC',
      },
    });
    // What it has is still shown as it is.
    const shown = serverDetailResponseSchema.parse(
      (await olga.api.get(`/api/servers/${legacy.id}`)).json(),
    ).data;
    expect(shown.provision).toMatchObject({ web_server: 'apache2', default_linux_user: 'root' });
    const before = await eventCount();

    const shared = await olga.api.post('/api/sites', { name: 'blog.example.com', server_id: legacy.id });
    expect(shared.statusCode, shared.body).toBe(422);
    expect(shared.json().errors).toEqual({ server_id: [SPECIAL] });
    // An isolated site has its own user: allowed.
    const isolated = await olga.api.post('/api/sites', {
      name: 'blog.example.com',
      server_id: legacy.id,
      isolation: true,
      username: 'blog',
      password: PASSWORD,
    });
    expect(isolated.statusCode, isolated.body).toBe(201);

    const source = await olga.api.post('/api/sites', { name: 'shop.example.com', server_id: server.id });
    const clone = await olga.api.post(`/api/sites/${source.json().id}/clone`, { server_id: legacy.id });
    expect(clone.statusCode, clone.body).toBe(422);
    expect(clone.json().errors).toEqual({ server_id: [SPECIAL] });

    const reinstall = await olga.api.post(`/api/servers/${legacy.id}/reinstall`, {});
    expect(reinstall.statusCode, reinstall.body).toBe(422);
    expect(reinstall.json().errors).toEqual({ 'provision.default_linux_user': [SPECIAL] });

    // A site of root's made before the rule: no chown to root, no file manager or terminal as root.
    const [rootSite] = await db()
      .insert(sites)
      .values({
        serverId: legacy.id,
        userId: olga.user.id,
        name: 'old.example.com',
        linuxUser: 'root',
        isolated: false,
        directory: '/',
        webServer: 'apache2',
        status: 'active',
      })
      .returning();
    for (const action of ['chown', 'chmod']) {
      const response = await olga.api.post(`/api/sites/${rootSite!.id}/${action}`, {});
      expect(response.statusCode, `${action}: ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ linux_user: [SPECIAL] });
    }
    const token = await olga.api.post('/api/sites/agent/token', { site: rootSite!.id });
    expect(token.statusCode, token.body).toBe(422);
    expect(token.json().message).toBe(SPECIAL);
    expect(token.body).not.toContain('"token"');

    // Only the isolated site's create event was started.
    expect((await eventCount()) - before).toBe(2);
  });
});
