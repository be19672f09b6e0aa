import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, startedEventResponseSchema, type RealtimeMessage } from '@hostdeck/contracts';
import { applicationListSchema, type Application } from '@hostdeck/contracts/applications';
import { displayVersion } from '@hostdeck/recipes/applications';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { bootCleanTestServer, createConnectedTestApp } from '../testing/connected-test-server.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * A server's applications on a booted Debian 12 test server, through the API and the queue: the
 * list read from the server, installs, service actions, auto-restart and uninstall, each checked
 * on the server itself afterwards (spec/000 §3: real-server truth).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'apps1';

describe('applications on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let base: string;
  const updates: { at: number; keys: string[] }[] = [];

  beforeAll(async () => {
    testServer = await bootCleanTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, api } = connected);
    base = `/api/servers/${connected.serverId}/applications`;
    test.panel.bus.subscribe(connected.user.id, (message: RealtimeMessage) => {
      if (message.type === 'Update-data') updates.push({ at: Date.now(), keys: message.keys });
    });
  });

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();

  const list = async (query = ''): Promise<Application[]> => {
    const response = await api.get(`${base}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return applicationListSchema.parse(response.json()).data;
  };
  const application = async (id: string) => (await list()).find((candidate) => candidate.id === id)!;

  /** Starts an event through the API (201 with its id) and waits for the worker to finish it. */
  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 600_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };
  const install = (name: string) => runEvent(api.post(base, { name }));
  const changeLines = (output: string) =>
    output.split('\n').filter((line) => line.includes('::hostdeck::change::'));

  it('lists every application read from the fresh server, none installed', async () => {
    const applications = await list();
    expect(applications.find((candidate) => candidate.id === 'nginx')).toMatchObject({
      name: 'Nginx',
      is_installed: false,
      installed_version: null,
      service_state: null,
      supported: true,
    });
    expect(applications.filter((candidate) => candidate.is_installed)).toEqual([]);
    expect((await list('?installed=no')).length).toBe(applications.length);
  });

  it('installs MariaDB and PostgreSQL through the queue, and the list shows what the server runs', async () => {
    const [mariadb, postgresql] = await Promise.all([install('mariadb'), install('postgresql')]);
    expect(mariadb.status, mariadb.output).toBe('FINISHED');
    expect(postgresql.status, postgresql.output).toBe('FINISHED');
    // The package manager's own output, streamed into the event, with the steps' progress lines.
    expect(mariadb.output).toContain('==> Install the application');
    expect(mariadb.output).toMatch(/Setting up mariadb-server/);
    expect(mariadb.output).toContain('::hostdeck::change::installed mariadb-server');

    expect(await onServer('systemctl is-active mariadb')).toBe('active');
    expect(await onServer('systemctl is-active postgresql@15-main')).toBe('active');
    const mariadbVersion = await onServer("dpkg-query -W -f='${Version}' mariadb-server");
    const postgresqlVersion = await onServer("dpkg-query -W -f='${Version}' postgresql-15");

    const listed = await list('?installed=yes');
    expect(listed.map((candidate) => candidate.id)).toEqual(['postgresql', 'mariadb']);
    expect(listed.find((candidate) => candidate.id === 'mariadb')).toMatchObject({
      installed_version: displayVersion(mariadbVersion),
      service_state: 'active',
      auto_restart: false,
    });
    expect(listed.find((candidate) => candidate.id === 'postgresql')).toMatchObject({
      installed_version: displayVersion(postgresqlVersion),
      service_state: 'active',
    });
    expect(displayVersion(mariadbVersion)).toMatch(/^10\.11\.\d+$/);
    // The browser was told to read the list again once each event finished.
    expect(updates.filter((update) => update.keys.includes('applications')).length).toBeGreaterThanOrEqual(2);
  });

  it('stops and starts nginx, and the list follows the server', async () => {
    const installed = await install('nginx');
    expect(installed.status, installed.output).toBe('FINISHED');
    expect(await application('nginx')).toMatchObject({ is_installed: true, service_state: 'active' });

    const stopped = await runEvent(api.post(`${base}/nginx/stop`));
    expect(stopped.status, stopped.output).toBe('FINISHED');
    expect(await onServer('systemctl is-active nginx || true')).toBe('inactive');
    expect((await application('nginx')).service_state).toBe('inactive');

    const started = await runEvent(api.post(`${base}/nginx/start`));
    expect(started.status, started.output).toBe('FINISHED');
    expect(await onServer('systemctl is-active nginx')).toBe('active');
    expect((await application('nginx')).service_state).toBe('active');

    const restarted = await runEvent(api.post(`${base}/mariadb/restart`));
    expect(restarted.status, restarted.output).toBe('FINISHED');
    expect(await onServer('systemctl is-active mariadb')).toBe('active');
  });

  it('turns auto-restart on with a drop-in systemd obeys, and off again', async () => {
    const on = await runEvent(api.post(`${base}/nginx/auto-restart`, { enabled: true }));
    expect(on.status, on.output).toBe('FINISHED');
    const dropIn = '/etc/systemd/system/nginx.service.d/hostdeck-auto-restart.conf';
    expect(await onServer(`grep -x 'Restart=always' ${dropIn}`)).toBe('Restart=always');
    expect(await onServer('systemctl show -p Restart nginx')).toBe('Restart=always');
    expect((await application('nginx')).auto_restart).toBe(true);

    // systemd brings nginx back after it is killed.
    const pid = await onServer('systemctl show -p MainPID --value nginx');
    await onServer('systemctl kill -s KILL nginx');
    await waitFor(
      async () => {
        const now = await onServer('systemctl show -p MainPID --value nginx');
        return (
          now !== '0' && now !== pid && (await onServer('systemctl is-active nginx || true')) === 'active'
        );
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'nginx to be restarted by systemd' },
    );

    const again = await runEvent(api.post(`${base}/nginx/auto-restart`, { enabled: true }));
    expect(changeLines(again.output)).toEqual([]);

    const off = await runEvent(api.post(`${base}/nginx/auto-restart`, { enabled: false }));
    expect(off.status, off.output).toBe('FINISHED');
    expect(await onServer(`test -e ${dropIn} && echo present || echo absent`)).toBe('absent');
    expect(await onServer('systemctl show -p Restart nginx')).toBe('Restart=no');
    expect((await application('nginx')).auto_restart).toBe(false);
  });

  it('installs an application a second time without changing anything', async () => {
    const before = await onServer(
      'dpkg-query -W -f="\\${Package} \\${Version}\\n" | sha256sum; systemctl is-active nginx; find /etc/nginx -type f | sort | xargs sha256sum | sha256sum',
    );
    const again = await install('nginx');
    expect(again.status, again.output).toBe('FINISHED');
    expect(changeLines(again.output)).toEqual([]);
    expect(again.output).toContain('Nginx is already installed');
    expect(
      await onServer(
        'dpkg-query -W -f="\\${Package} \\${Version}\\n" | sha256sum; systemctl is-active nginx; find /etc/nginx -type f | sort | xargs sha256sum | sha256sum',
      ),
    ).toBe(before);
  });

  it('refuses a second web server, leaving the first one serving', async () => {
    const apache = await install('apache2');
    expect(apache.status).toBe('ERROR');
    expect(apache.output).toContain('only one web server can serve port 80: uninstall Nginx first');
    expect(
      await onServer('dpkg-query -W -f="\\${db:Status-Status}" apache2 2>/dev/null || echo absent'),
    ).toBe('absent');
    expect(await onServer('systemctl is-active nginx')).toBe('active');
  });

  it('uninstalls PostgreSQL and keeps its databases', async () => {
    const removed = await runEvent(api.delete(`${base}/postgresql`));
    expect(removed.status, removed.output).toBe('FINISHED');
    expect(removed.output).toContain('kept /var/lib/postgresql');
    expect((await application('postgresql')).is_installed).toBe(false);
    expect(await onServer('dpkg-query -W -f="\\${db:Status-Status}" postgresql-15')).toBe('config-files');
    expect(await onServer('test -f /var/lib/postgresql/15/main/PG_VERSION && echo kept')).toBe('kept');
    expect(await onServer('systemctl is-active postgresql@15-main || true')).not.toBe('active');

    const nothingLeft = await runEvent(api.delete(`${base}/postgresql`));
    expect(nothingLeft.status, nothingLeft.output).toBe('FINISHED');
    expect(changeLines(nothingLeft.output)).toEqual([]);
  });

  it('installs and removes the other applications Debian offers', async () => {
    for (const name of ['php8.2', 'bind9', 'wireguard', 'docker']) {
      const event = await install(name);
      expect(event.status, event.output).toBe('FINISHED');
    }
    const phpVersion = await onServer("dpkg-query -W -f='${Version}' php8.2-fpm");
    const installed = await list('?installed=yes');
    expect(installed.find((candidate) => candidate.id === 'php8.2')).toMatchObject({
      installed_version: displayVersion(phpVersion),
      service_state: 'active',
    });
    expect(installed.find((candidate) => candidate.id === 'bind9')).toMatchObject({
      service_state: 'active',
    });
    expect(installed.find((candidate) => candidate.id === 'docker')).toMatchObject({
      service_state: 'active',
    });
    expect(installed.find((candidate) => candidate.id === 'wireguard')).toMatchObject({
      service_state: null,
    });
    expect(await onServer('systemctl is-active php8.2-fpm named docker | sort -u')).toBe('active');

    // Apache2 once Nginx is gone: it gets port 80.
    const nginxGone = await runEvent(api.delete(`${base}/nginx`));
    expect(nginxGone.status, nginxGone.output).toBe('FINISHED');
    const apache = await install('apache2');
    expect(apache.status, apache.output).toBe('FINISHED');
    expect(await application('apache2')).toMatchObject({ is_installed: true, service_state: 'active' });
    expect(await onServer('curl -sI --noproxy "*" http://127.0.0.1/ | grep -i "^server:"')).toMatch(/Apache/);

    for (const name of ['php8.2', 'bind9', 'wireguard', 'docker', 'apache2']) {
      const event = await runEvent(api.delete(`${base}/${name}`));
      expect(event.status, event.output).toBe('FINISHED');
    }
    expect((await list('?installed=yes')).map((candidate) => candidate.id)).toEqual(['mariadb']);
    // Docker is removed, not purged: its images and volumes stay.
    expect(await onServer('test -d /var/lib/docker && echo kept')).toBe('kept');
  });

  it('fails with a clear message where a third-party source cannot be reached', async () => {
    const mongod = await install('mongod');
    expect(mongod.status).toBe('ERROR');
    expect(mongod.output).toContain(
      'could not download the repository key https://pgp.mongodb.com/server-8.0.asc',
    );
    expect((await application('mongod')).is_installed).toBe(false);

    // PHP 8.3 is not Debian's: the repository step says it adds packages.sury.org (and fails here,
    // offline), never "no third-party repository is needed"; the row shows the failed install.
    const php = await install('php8.3');
    expect(php.status).toBe('ERROR');
    expect(php.output).toContain('PHP 8.3 is not in the distribution: adding the repository that ships it');
    expect(php.output).toContain('could not download the packages.sury.org keyring');
    expect(php.output).not.toContain('no third-party repository is needed');
    expect(php.output).not.toContain('==> Install the application');
    expect((await application('php8.3')).install_failure).toMatchObject({
      event_id: php.id,
      status: 'ERROR',
      error_id: 'stepFailed',
      error_values: { recipe: 'application-install', step: 'repository' },
    });
  });

  it('reports an unreachable server in words a user understands', async () => {
    await runOnTestServer(testServer, [
      'bash',
      '-c',
      'systemctl stop ssh.socket ssh.service 2>/dev/null || true',
    ]);
    try {
      const response = await api.get(base);
      expect(response.statusCode).toBe(422);
      expect(errorResponseSchema.parse(response.json()).message).toBe(
        `Could not connect to ${testServer.address}:${testServer.port}: connection refused. Is SSH listening on this port?`,
      );
    } finally {
      await runOnTestServer(testServer, ['systemctl', 'start', 'ssh']);
    }
    expect((await list()).find((candidate) => candidate.id === 'mariadb')!.is_installed).toBe(true);
  });
});
