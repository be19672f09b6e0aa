import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import {
  serviceStatusResponseSchema,
  servicesListResponseSchema,
  type ServicesList,
} from '@hostdeck/contracts/services';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * A server's systemd services on a booted Debian 12 test server (the `web` image: the default user
 * `hostdeck` exists), through the API and the queue; every change checked on the server itself
 * with systemctl (spec/000 §3: real-server truth).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'svc1';

describe('services on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let base: string;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, api } = connected);
    base = `/api/servers/${connected.serverId}/services`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();

  const list = async (): Promise<ServicesList> => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return servicesListResponseSchema.parse(response.json());
  };
  const service = async (name: string) => (await list()).data.find((candidate) => candidate.name === name);

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };

  const form = {
    name: 'hdworker',
    description: 'Hàng đợi worker',
    exec_start: '/usr/bin/sleep infinity',
    working_directory: '/home/hostdeck',
    user: 'hostdeck',
    restart: 'on-failure',
    environment: [{ key: 'APP_ENV', value: 'production mode' }],
  };

  it('lists the services with state, boot flag and main PID, and counts them in infos.service', async () => {
    const { data, infos } = await list();
    const ssh = data.find((candidate) => candidate.name === 'ssh')!;
    expect(ssh).toMatchObject({
      active_state: 'active',
      sub_state: 'running',
      enabled: true,
      protected: true,
    });
    const pid = await onServer('systemctl show -p MainPID --value ssh.service');
    expect(ssh.main_pid).toBe(Number(pid));
    expect(infos.service.total).toBe(data.length);
    expect(infos.service.active).toBeGreaterThan(3);
    expect(infos.service.managed).toBe(0);
  });

  it('refuses injected fields before anything runs: no unit file is written', async () => {
    const before = await test.database.db.select().from(events);
    for (const [field, value] of [
      ['exec_start', '/usr/bin/sleep 1\nExecStartPre=/usr/bin/touch /tmp/pwned'],
      ['exec_start', '+/usr/bin/id'],
      ['exec_start', '/usr/bin/echo $(id)'],
      ['description', 'worker\nUser=root'],
      ['user', 'root'],
      ['name', '-rf'],
      ['working_directory', '/home/../etc'],
      ['environment', [{ key: 'A', value: 'b\nUser=root' }]],
    ] as const) {
      const response = await api.post(base, { ...form, [field]: value });
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(422);
      expect(Object.keys(errorResponseSchema.parse(response.json()).errors ?? {}).join()).toContain(field);
    }
    expect(await test.database.db.select().from(events)).toHaveLength(before.length);
    expect(await onServer('ls /etc/systemd/system/hdworker.service /tmp/pwned 2>/dev/null | wc -l')).toBe(
      '0',
    );
  });

  it('refuses a unit systemd-analyze verify rejects, writing nothing', async () => {
    const event = await runEvent(api.post(base, { ...form, exec_start: '/usr/bin/no-such-program --x' }));
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain('systemd-analyze verify refused');
    expect(await onServer('test -e /etc/systemd/system/hdworker.service && echo yes || echo no')).toBe('no');
  });

  it('creates a custom service: written with the marker, started and enabled', async () => {
    const event = await runEvent(api.post(base, form));
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(await onServer('systemctl is-active hdworker.service')).toBe('active');
    expect(await onServer('systemctl is-enabled hdworker.service')).toBe('enabled');
    const unit = await onServer('cat /etc/systemd/system/hdworker.service');
    expect(unit.split('\n')[0]).toMatch(/^# Managed by HostDeck/);
    expect(unit).toContain('User=hostdeck');
    expect(unit).toContain('Environment="APP_ENV=production mode"');
    expect(await onServer('ps -o user= -p "$(systemctl show -p MainPID --value hdworker.service)"')).toBe(
      'hostdeck',
    );
    const row = await service('hdworker');
    expect(row).toMatchObject({
      managed: true,
      enabled: true,
      active_state: 'active',
      description: form.description,
    });
    expect(row!.main_pid).toBeGreaterThan(1);
    expect((await list()).infos.service.managed).toBe(1);
    // Sent again (a retry), the panel rewrites its own file and changes nothing else.
    const again = await runEvent(api.post(base, form));
    expect(again.status, again.output ?? '').toBe('FINISHED');
  });

  it('stops, starts, restarts, disables and enables it, as systemctl then reports', async () => {
    const pid = async () => onServer('systemctl show -p MainPID --value hdworker.service');
    expect((await runEvent(api.post(`${base}/hdworker/stop`, {}))).status).toBe('FINISHED');
    expect(await onServer('systemctl is-active hdworker.service || true')).toBe('inactive');
    expect((await runEvent(api.post(`${base}/hdworker/start`))).status).toBe('FINISHED');
    expect(await onServer('systemctl is-active hdworker.service')).toBe('active');
    const first = await pid();
    expect((await runEvent(api.post(`${base}/hdworker/restart`))).status).toBe('FINISHED');
    expect(await pid()).not.toBe(first);
    expect((await runEvent(api.post(`${base}/hdworker/disable`))).status).toBe('FINISHED');
    expect(await onServer('systemctl is-enabled hdworker.service || true')).toBe('disabled');
    expect((await service('hdworker'))!.enabled).toBe(false);
    expect((await runEvent(api.post(`${base}/hdworker/enable`))).status).toBe('FINISHED');
    expect(await onServer('systemctl is-enabled hdworker.service')).toBe('enabled');
  });

  it('shows its status and the journal tail', async () => {
    const response = await api.get(`${base}/hdworker/status`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = serviceStatusResponseSchema.parse(response.json());
    expect(data.status).toContain('hdworker.service');
    expect(data.status).toContain('Active: active (running)');
    expect(data.journal).toMatch(/Started hdworker\.service|Started Hàng đợi worker/);
  });

  it('asks for the typed name before stopping or disabling ssh, and never acts without it', async () => {
    for (const action of ['stop', 'disable']) {
      for (const body of [undefined, {}, { confirm: 'yes' }, { confirm: 'SSH' }]) {
        const response = await api.post(`${base}/ssh/${action}`, body);
        expect(response.statusCode, response.body).toBe(422);
        expect(errorResponseSchema.parse(response.json()).errors).toHaveProperty('confirm');
      }
    }
    expect((await api.post(`${base}/hostdeck-agent/stop`, {})).statusCode).toBe(422);
    expect(await onServer('systemctl is-active ssh.service')).toBe('active');
    expect(await onServer('systemctl is-enabled ssh.service')).toBe('enabled');
    // Restarting ssh needs no confirmation (sessions survive it).
    expect((await runEvent(api.post(`${base}/ssh/restart`))).status).toBe('FINISHED');
  });

  it('keeps a unit written by hand: shown unmanaged after sync, never deleted', async () => {
    await onServer(
      "printf '[Unit]\\nDescription=Made by hand\\n[Service]\\nExecStart=/usr/bin/sleep infinity\\n' > /etc/systemd/system/handmade.service",
    );
    expect((await runEvent(api.post(`${base}/sync`))).status).toBe('FINISHED');
    expect(await service('handmade')).toMatchObject({ managed: false, description: 'Made by hand' });
    const refused = await runEvent(api.delete(`${base}/handmade`));
    expect(refused.status).toBe('ERROR');
    expect(refused.output).toContain('was not made by HostDeck');
    expect(await onServer('test -f /etc/systemd/system/handmade.service && echo kept')).toBe('kept');
    // Its name is taken: creating one of that name is refused.
    const clash = await runEvent(api.post(base, { ...form, name: 'handmade' }));
    expect(clash.status).toBe('ERROR');
    expect(await onServer('head -1 /etc/systemd/system/handmade.service')).toBe('[Unit]');
    const cron = await runEvent(api.post(base, { ...form, name: 'cron' }));
    expect(cron.status).toBe('ERROR');
  });

  it('deletes its own service: stopped, disabled and removed', async () => {
    expect((await runEvent(api.delete(`${base}/hdworker`))).status).toBe('FINISHED');
    expect(await onServer('test -e /etc/systemd/system/hdworker.service && echo yes || echo no')).toBe('no');
    expect(await onServer('systemctl is-active hdworker.service || true')).toBe('inactive');
    expect(await service('hdworker')).toBeUndefined();
  });
});
