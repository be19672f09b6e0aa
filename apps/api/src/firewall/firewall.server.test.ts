import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import {
  firewallListResponseSchema,
  portsResponseSchema,
  type CreateFirewallRuleRequest,
  type FirewallList,
} from '@hostdeck/contracts/firewall';
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
 * The firewall on a booted Debian 12 test server (the `web` image: ufw installed, off), through
 * the API and the queue (the production path, safe apply included, with a 20 s revert delay);
 * every change checked with `ufw status` on the server itself.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'fw1';

describe('firewall on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let base: string;
  let serverId: number;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: { SAFE_APPLY_REVERT_SECONDS: '20' },
    });
    ({ test, api, serverId } = connected);
    base = `/api/servers/${serverId}/firewall-rules`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();
  const ufwStatus = () => onServer('ufw status');

  const list = async (): Promise<FirewallList> => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return firewallListResponseSchema.parse(response.json());
  };

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

  const rule = (overrides: Partial<CreateFirewallRuleRequest>): CreateFirewallRuleRequest => ({
    name: 'web',
    action: 'allow',
    protocol: 'tcp',
    port: '8080',
    source: 'any',
    ...overrides,
  });

  it('sync turns ufw on with IPv6 and the SSH port allowed, shown locked', async () => {
    expect(await ufwStatus()).toBe('Status: inactive');
    // The web image has docker.io installed (its daemon off): its published ports would bypass ufw.
    expect((await list()).infos).toMatchObject({ active: false, ssh_ports: [22], docker: true });
    const event = await runEvent(api.post(`${base}/sync`));
    expect(event.status, event.output).toBe('FINISHED');
    expect(event.output).toContain('the panel reconnected');
    const status = await ufwStatus();
    expect(status).toContain('Status: active');
    expect(status).toMatch(/^22\/tcp +ALLOW +Anywhere *$/m);
    expect(status).toMatch(/^22\/tcp \(v6\) +ALLOW +Anywhere \(v6\) *$/m);
    expect(await onServer('grep ^IPV6= /etc/default/ufw')).toBe('IPV6=yes');
    // The revert was disarmed: no timer left, ufw still active after its delay would have passed.
    expect(await onServer('systemctl is-active hostdeck-revert-firewall.timer || true')).not.toBe('active');
    const { data, infos } = await list();
    expect(infos).toMatchObject({ active: true, ipv6: true, ssh_ports: [22] });
    const ssh = data.filter((item) => item.port === '22');
    expect(ssh.map((item) => [item.locked, item.managed, item.v6])).toEqual([
      [true, false, false],
      [true, false, true],
    ]);
  });

  it('lists the listening sockets (ports)', async () => {
    const response = await api.get(`/api/servers/${serverId}/ports`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = portsResponseSchema.parse(response.json());
    expect(data).toContainEqual({
      protocol: 'tcp',
      address: '0.0.0.0',
      port: 22,
      process: 'sshd',
      user: 'root',
    });
    expect(data.some((port) => port.port === 80 && port.process === 'nginx')).toBe(true);
  });

  it('refuses invalid rules before anything runs', async () => {
    const before = await test.database.db.select().from(events);
    for (const [field, value] of [
      ['source', '10.0.0.1/33'],
      ['source', '1.2.3.4; ufw disable'],
      ['port', '0'],
      ['port', '2000:1000'],
      ['port', '22 from any'],
      ['name', "x' ; touch /tmp/pwned"],
      ['action', 'reject'],
      ['protocol', 'icmp'],
    ] as const) {
      const response = await api.post(base, rule({ [field]: value }));
      expect(response.statusCode, `${field} ${value}`).toBe(422);
    }
    const invalidIp = await api.post(base, rule({ source: '300.1.1.1' }));
    expect(invalidIp.json()).toMatchObject({ errors: { source: ['Invalid IP'] } });
    expect(await test.database.db.select().from(events)).toHaveLength(before.length);
  });

  it('keeps a rule added by hand while panel rules are created and deleted', async () => {
    await onServer('ufw allow 9999/tcp');
    const web = rule({});
    const created = await runEvent(api.post(base, web));
    expect(created.status, created.output).toBe('FINISHED');
    const range = rule({ name: 'games', protocol: 'both', port: '6000:6010', source: '10.0.0.0/8' });
    expect((await runEvent(api.post(base, range))).status).toBe('FINISHED');
    const blocked = rule({ name: 'no smtp', action: 'deny', port: '25', source: '2001:db8::/32' });
    expect((await runEvent(api.post(base, blocked))).status).toBe('FINISHED');

    let status = await ufwStatus();
    expect(status).toMatch(/^8080\/tcp +ALLOW +Anywhere +# hostdeck:web$/m);
    expect(status).toMatch(/^6000:6010\/tcp +ALLOW +10\.0\.0\.0\/8 +# hostdeck:games$/m);
    expect(status).toMatch(/^6000:6010\/udp +ALLOW +10\.0\.0\.0\/8 +# hostdeck:games$/m);
    expect(status).toMatch(/^25\/tcp +DENY +2001:db8::\/32 +# hostdeck:no smtp$/m);
    expect(status).toMatch(/^9999\/tcp +ALLOW +Anywhere *$/m);
    // Deny rules go first (ufw takes the first match): the IPv6 deny heads the IPv6 rules.
    const numbered = await onServer('ufw status numbered');
    const v6Rules = numbered.split('\n').filter((line) => line.includes('(v6)') || line.includes('2001:db8'));
    expect(v6Rules[0]).toContain('hostdeck:no smtp');

    const { data } = await list();
    const byName = (name: string) => data.filter((item) => item.name === name);
    expect(byName('web').map((item) => [item.managed, item.locked, item.protocol, item.port])).toEqual([
      [true, false, 'tcp', '8080'],
      [true, false, 'tcp', '8080'],
    ]);
    expect(byName('games').map((item) => item.protocol)).toEqual(['tcp', 'udp']);
    const hand = data.filter((item) => item.port === '9999');
    expect(hand.map((item) => [item.managed, item.name])).toEqual([
      [false, null],
      [false, null],
    ]);

    // Deleted by their spec: the panel's rules go, the hand-written one stays.
    expect((await runEvent(api.deleteWith(base, web))).status).toBe('FINISHED');
    for (const protocol of ['tcp', 'udp'] as const) {
      const games = { ...range, protocol };
      expect((await runEvent(api.deleteWith(base, games))).status).toBe('FINISHED');
    }
    expect((await runEvent(api.deleteWith(base, blocked))).status).toBe('FINISHED');
    status = await ufwStatus();
    expect(status).not.toContain('hostdeck:');
    expect(status).toMatch(/^9999\/tcp +ALLOW +Anywhere *$/m);
    expect(status).toMatch(/^9999\/tcp \(v6\) +ALLOW +Anywhere \(v6\) *$/m);

    // A hand rule is never deleted by the panel, even when asked with its spec.
    const handDelete = await runEvent(api.deleteWith(base, rule({ name: 'x', port: '9999' })));
    expect(handDelete.status).toBe('FINISHED');
    expect(await ufwStatus()).toMatch(/^9999\/tcp +ALLOW +Anywhere *$/m);
  });

  it('never deletes the rule of the SSH port', async () => {
    const event = await runEvent(api.deleteWith(base, rule({ name: 'ssh', port: '22' })));
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain('lets the panel in');
    expect(await ufwStatus()).toMatch(/^22\/tcp +ALLOW +Anywhere *$/m);
  });

  it('a deny rule that cuts the panel off is put back by the server itself, and the panel gets in again', async () => {
    // The panel's address as the server sees it: the host end of the server's veth.
    const panel = await onServer("getent ahostsv4 hostdeck-host | awk '{ print $1; exit }'");
    expect(panel).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const cut = rule({ name: 'cut panel', action: 'deny', port: '22', source: panel });
    const started = Date.now();
    const event = await runEvent(api.post(base, cut));
    expect(event.status, event.output).toBe('ERROR');
    expect(event.errorId).toBe('safeApplyReverted');
    expect(event.output).toContain('armed: unless the panel reconnects');
    expect(event.output).toContain('[safe apply: could not connect');
    expect(Date.now() - started).toBeGreaterThan(20_000);
    // The rule is gone from ufw, the revert left its mark, and the panel reads the server again.
    expect(await ufwStatus()).not.toContain('hostdeck:cut panel');
    expect(await onServer('ls /var/lib/hostdeck/safe-apply/firewall/reverted')).toContain('reverted');
    const { data, infos } = await list();
    expect(infos.active).toBe(true);
    expect(data.some((item) => item.name === 'cut panel')).toBe(false);
    // And the next change goes through: nothing is left pending.
    const after = await runEvent(api.post(base, rule({ name: 'after revert', port: '8443' })));
    expect(after.status, after.output).toBe('FINISHED');
    expect(await ufwStatus()).toMatch(/^8443\/tcp +ALLOW +Anywhere +# hostdeck:after revert$/m);
    expect(await ufwStatus()).toMatch(/^9999\/tcp +ALLOW +Anywhere *$/m);
  }, 240_000);
});
