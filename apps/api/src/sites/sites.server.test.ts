import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSiteResponseSchema,
  siteDetailResponseSchema,
  startedEventResponseSchema,
} from '@hostdeck/contracts';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { databases, events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Sites through the API and the queue on a booted Debian 12 test server (nginx, PHP 8.2 FPM,
 * MariaDB): what a created, toggled and deleted site is on the server itself.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'site2';
const DOMAIN = 'shop.example.test';
const USER = 'shopexampletest';
const HOME = `/home/${USER}/${DOMAIN}`;

describe('sites on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
    // As provisioning leaves it (bootWebTestServer installed the same stack), host key recorded.
    await markProvisioned(test, testServer, serverId);
  });

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) => runOnTestServer(testServer, ['bash', '-c', script]);
  const curl = async (host: string) =>
    (
      await onServer(
        `curl -s -o /tmp/body -w '%{http_code}' -H "Host: ${host}" http://127.0.0.1/ ; echo; cat /tmp/body`,
      )
    ).stdout;

  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const event = await waitForEvent(startedEventResponseSchema.parse(response.json()).data.id);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    // The finished handlers run right after the row is finished.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return event;
  };

  let siteId: number;
  let databasePassword: string;

  it('creates an isolated PHP site with its database through POST api/sites', async () => {
    const response = await api.post('/api/sites', {
      name: DOMAIN,
      server_id: serverId,
      php_version: '8.2',
      isolation: true,
      username: USER,
      password: 'Gq7rT2mXv9LpZs4Nw8Hk',
      database_name: 'shopdb',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    siteId = created.id;
    databasePassword = created.database_password!;
    const event = await waitForEvent(created.event_id);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(event.output).not.toContain(databasePassword);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const detail = siteDetailResponseSchema.parse((await api.get(`/api/sites/${siteId}`)).json()).data;
    expect(detail).toMatchObject({ status: 'active', linux_user: USER, isolated: true, home: HOME });

    // A page that names the Unix user PHP runs as.
    await onServer(
      `printf '%s\\n' '<?php echo "served by ", posix_getpwuid(posix_geteuid())["name"];' > ${HOME}/index.php && chown ${USER}:${USER} ${HOME}/index.php`,
    );
    const answer = await curl(DOMAIN);
    expect(answer.split('\n')[0]).toBe('200');
    // PHP runs in the site's own pool, as the site's user.
    expect(answer).toContain(`served by ${USER}`);
    expect((await onServer(`stat -c %U ${HOME}`)).stdout.trim()).toBe(USER);
    const login = await runOnTestServer(testServer, [
      'env',
      `MYSQL_PWD=${databasePassword}`,
      'mariadb',
      '-u',
      'shopdb',
      '-N',
      '-e',
      'SELECT DATABASE()',
      'shopdb',
    ]);
    expect(login.code, login.stderr).toBe(0);
  });

  it('disables and enables the site through toggle', async () => {
    await runEvent(api.post(`/api/sites/${siteId}/toggle`, { enabled: false }));
    expect(await curl(DOMAIN)).not.toContain(`served by ${USER}`);
    expect((await onServer(`test -e /etc/nginx/sites-enabled/${DOMAIN}.conf`)).code).not.toBe(0);
    await runEvent(api.post(`/api/sites/${siteId}/toggle`, {}));
    expect(await curl(DOMAIN)).toContain(`served by ${USER}`);
  });

  // Issue 25: php-fpm refuses a pool in root's group at reload (php-fpm -t does not), and then
  // stopped for every site while the panel showed the new site active.
  it("marks a site failed with php-fpm's message when php-fpm refuses its pool; other sites answer", async () => {
    await onServer('usermod -g root hostdeck');
    try {
      const response = await api.post('/api/sites', {
        name: 'blog.example.test',
        server_id: serverId,
        php_version: '8.2',
      });
      expect(response.statusCode, response.body).toBe(201);
      const created = createSiteResponseSchema.parse(response.json());
      const event = await waitForEvent(created.event_id);
      expect(event.status).toBe('ERROR');
      expect(event.output).toContain('please specify user and group other than root');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const detail = siteDetailResponseSchema.parse((await api.get(`/api/sites/${created.id}`)).json()).data;
      expect(detail.status).toBe('failed');
      expect((await onServer('test -e /etc/php/8.2/fpm/pool.d/blog.example.test.conf')).code).not.toBe(0);
      expect((await onServer('systemctl is-active php8.2-fpm')).stdout.trim()).toBe('active');
      expect(await curl(DOMAIN)).toContain(`served by ${USER}`);
      await onServer('usermod -g hostdeck hostdeck');
      await runEvent(api.delete(`/api/sites/${created.id}`));
    } finally {
      await onServer('usermod -g hostdeck hostdeck');
    }
  });

  it('deletes the site, its user and its database: nothing is left', async () => {
    await runEvent(api.delete(`/api/sites/${siteId}?delete_database=1`));
    expect((await onServer(`id -u ${USER}`)).code).not.toBe(0);
    expect(
      (
        await onServer(
          `test -e ${HOME} || test -e /etc/nginx/sites-available/${DOMAIN}.conf || test -e /etc/php/8.2/fpm/pool.d/${DOMAIN}.conf`,
        )
      ).code,
    ).not.toBe(0);
    const listed = await onServer(
      `mariadb -N -e "SHOW DATABASES LIKE 'shopdb'; SELECT user FROM mysql.user WHERE user = 'shopdb'"`,
    );
    expect(listed.stdout.trim()).toBe('');
    expect((await onServer('nginx -t')).code).toBe(0);
    expect(await test.database.db.select().from(sites).where(eq(sites.serverId, serverId))).toEqual([]);
    expect(await test.database.db.select().from(databases).where(eq(databases.serverId, serverId))).toEqual(
      [],
    );
  });
});
