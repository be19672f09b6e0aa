import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import {
  fail2banListResponseSchema,
  fail2banMeResponseSchema,
  type Fail2banList,
} from '@hostdeck/contracts/fail2ban';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { bootCleanTestServer, createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Fail2Ban on a booted Debian 12 test server (`f2b1`, the `web` image: fail2ban installed, off),
 * attacked over SSH by a second one (`f2b2`) routed to it through the host; every change checked on
 * the server itself with fail2ban-client, iptables and the files (spec/000 §3: real-server truth).
 * The host end of f2b1's veth is the panel's address as f2b1 sees it: it must never be banned.
 */
const [pglite] = await availableTestDatabases();
const TARGET = 'f2b1';
const ATTACKER = 'f2b2';

/** The host end of a test server's /30 (its address minus one): the panel's address as it sees it. */
const hostEnd = (address: string) => {
  const parts = address.split('.').map(Number);
  parts[3] = parts[3]! - 1;
  return parts.join('.');
};
/** The host's interface holding `address` (ve-NAME, or ve-TAGNAME in a tagged run). */
const interfaceOf = (address: string) => {
  const line = execFileSync('ip', ['-o', '-4', 'addr', 'show'], { encoding: 'utf8' })
    .split('\n')
    .find((candidate) => candidate.includes(` ${address}/30 `));
  if (!line) throw new Error(`no host interface has ${address}`);
  return line.split(/\s+/)[1]!;
};
const sysctl = (key: string, value?: string) =>
  execFileSync('sysctl', value === undefined ? ['-n', key] : ['-w', `${key}=${value}`], {
    encoding: 'utf8',
  }).trim();

/** Failed password logins as root (three per connection) from the machine running `run`. */
const FAILED_LOGINS = [
  'printf "#!/bin/sh\\necho wrong-password\\n" >/tmp/hd-f2b-askpass && chmod 700 /tmp/hd-f2b-askpass',
  'for attempt in 1 2; do SSH_ASKPASS=/tmp/hd-f2b-askpass SSH_ASKPASS_REQUIRE=force DISPLAY=none timeout 20 ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o PreferredAuthentications=password -o PubkeyAuthentication=no -o NumberOfPasswordPrompts=3 -o ConnectTimeout=5 "root@$1" true </dev/null; done',
  'true',
].join('\n');

describe('Fail2Ban on a booted test server, attacked from a second one', () => {
  let target: TestServer;
  let attacker: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let cookie: string;
  let base: string;
  let panelIp: string;
  const forwarding: { key: string; before: string }[] = [];

  beforeAll(async () => {
    [target, attacker] = await Promise.all([bootWebTestServer(TARGET), bootCleanTestServer(ATTACKER)]);
    panelIp = hostEnd(target.address);
    // Host forwarding is off: turn it on for the two veths only and route each server to the other.
    for (const address of [target.address, attacker.address]) {
      const key = `net.ipv4.conf.${interfaceOf(hostEnd(address))}.forwarding`;
      forwarding.push({ key, before: sysctl(key) });
      sysctl(key, '1');
    }
    await onServer(target, 'ip route replace "$1/32" via "$2"', attacker.address, panelIp);
    await onServer(attacker, 'ip route replace "$1/32" via "$2"', target.address, hostEnd(attacker.address));
    expect(await onServer(attacker, 'timeout 5 bash -c "</dev/tcp/$1/22" && echo open', target.address)).toBe(
      'open',
    );
    // As provisioning leaves a Debian 12 server (scripts/provision/fail2ban.sh): the sshd jail on
    // journald, since there is no auth.log (Debian's own default would not start).
    await onServer(
      target,
      'printf "[DEFAULT]\\nignoreip = 127.0.0.1/8 ::1\\nbackend = systemd\\n\\n[sshd]\\nenabled = true\\nbackend = systemd\\n" >/etc/fail2ban/jail.local',
    );
    const connected = await createConnectedTestApp(pglite!, target, {
      workers: true,
      env: { SAFE_APPLY_REVERT_SECONDS: '20' },
    });
    ({ test, api, cookie } = connected);
    base = `/api/servers/${connected.serverId}/fail2ban`;
  }, 900_000);

  afterAll(async () => {
    for (const { key, before } of forwarding) sysctl(key, before);
    await test?.close();
    await Promise.all([stopTestServer(TARGET), stopTestServer(ATTACKER)]);
  });

  async function onServer(server: TestServer, script: string, ...args: string[]) {
    return (await runOnTestServer(server, ['bash', '-c', script, 'script', ...args])).stdout.trim();
  }
  const onTarget = (script: string, ...args: string[]) => onServer(target, script, ...args);

  const list = async (): Promise<Fail2banList> => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return fail2banListResponseSchema.parse(response.json());
  };
  const jail = async (name: string) => (await list()).data.find((candidate) => candidate.name === name);
  const bannedOnServer = async (jailName: string) =>
    (await onTarget('fail2ban-client get "$1" banip', jailName)).split(/\s+/).filter(Boolean);

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 240_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };

  it('reads Fail2Ban installed but stopped, with the panel address as the server sees it', async () => {
    const { data, infos } = await list();
    expect(data).toEqual([]);
    expect(infos.fail2ban).toMatchObject({ installed: true, running: false, panel_ip: panelIp });
  });

  it('refuses injected or malformed fields before anything runs', async () => {
    const before = await test.database.db.select().from(events);
    const settings = { maxretry: 3, findtime: 600, bantime: 600 };
    const refused: [string, unknown, string][] = [
      [`${base}/jails`, { ...settings, preset: 'sshd; touch /tmp/pwned' }, 'preset'],
      [`${base}/jails`, { ...settings, preset: 'sshd', maxretry: '3\nbantime = 1' }, 'maxretry'],
      [`${base}/jails`, { ...settings, preset: 'sshd', bantime: 5 }, 'bantime'],
      [`${base}/unbanip`, { ip: '192.0.2.7\n[sshd]' }, 'ip'],
      [`${base}/unbanip`, { ip: '192.0.2.7', jail: '-h' }, 'jail'],
      [`${base}/banip`, { ip: '$(id)', jail: 'sshd' }, 'ip'],
      [`${base}/allow-list`, { ips: ['192.0.2.0/24 10.0.0.0/8'] }, 'ips.0'],
      [`${base}/allow-list`, { ips: ['10.0.0.1', '10.0.0.1'] }, 'ips.1'],
    ];
    for (const [url, body, field] of refused) {
      const response = url.endsWith('allow-list') ? await api.put(url, body) : await api.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys(errorResponseSchema.parse(response.json()).errors ?? {})).toContain(field);
    }
    expect((await api.post(`${base}/jails/ssh%3Bid/enable`)).statusCode).toBe(422);
    expect(await test.database.db.select().from(events)).toHaveLength(before.length);
    expect(await onTarget('ls /etc/fail2ban/jail.d/ /tmp/pwned 2>/dev/null | grep -c hostdeck || true')).toBe(
      '0',
    );
  });

  it('refuses a preset whose service is missing, writing nothing', async () => {
    const event = await runEvent(
      api.post(`${base}/jails`, { preset: 'postfix', maxretry: 3, findtime: 600, bantime: 600 }),
    );
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain('postfix is not installed');
    expect(await onTarget('ls /etc/fail2ban/jail.d/')).not.toContain('hostdeck');
  });

  it('enables the sshd jail with maxretry 3 (safe apply confirmed), the panel in ignoreip', async () => {
    const event = await runEvent(
      api.post(`${base}/jails`, { preset: 'sshd', maxretry: 3, findtime: 600, bantime: 600 }),
    );
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(await onTarget('systemctl is-active fail2ban')).toBe('active');
    expect(await onTarget('fail2ban-client get sshd maxretry')).toBe('3');
    expect(await onTarget('head -1 /etc/fail2ban/jail.d/hostdeck-sshd.local')).toMatch(
      /^# Managed by HostDeck/,
    );
    expect(await onTarget('grep "^backend" /etc/fail2ban/jail.d/hostdeck-sshd.local')).toBe(
      'backend = systemd',
    );
    expect(await onTarget('fail2ban-client get sshd ignoreip')).toContain(panelIp);
    // Confirmed over a new connection: the revert timer is gone, the change kept.
    expect(await onTarget('systemctl is-active hostdeck-revert-fail2ban.timer || true')).toBe('inactive');
    expect(await onTarget('test -e /var/lib/hostdeck/safe-apply/fail2ban && echo armed || echo none')).toBe(
      'none',
    );
    const { data, infos } = await list();
    expect(infos.fail2ban).toMatchObject({ running: true, panel_ip: panelIp });
    expect(infos.fail2ban.ignoreip).toContain(panelIp);
    expect(data.find((row) => row.name === 'sshd')).toMatchObject({
      managed: true,
      running: true,
      enabled: true,
      preset: 'sshd',
      maxretry: 3,
      findtime: 600,
      bantime: 600,
    });
  });

  it("bans the attacker after failed SSH logins; the API shows the ban and the caller's own", async () => {
    await waitFor(
      async () => {
        await onServer(attacker, FAILED_LOGINS, target.address);
        return (await bannedOnServer('sshd')).includes(attacker.address);
      },
      { timeoutMs: 120_000, intervalMs: 1_000, what: `${attacker.address} to be banned in sshd` },
    );
    expect(await onTarget('iptables -S f2b-sshd')).toContain(`${attacker.address}/32`);
    expect(
      await onServer(
        attacker,
        'timeout 5 bash -c "</dev/tcp/$1/22" && echo open || echo closed',
        target.address,
      ),
    ).toBe('closed');
    const sshd = await jail('sshd');
    const ban = sshd!.banned.find((candidate) => candidate.ip === attacker.address);
    expect(ban!.seconds_left).toBeGreaterThan(500);
    expect(ban!.seconds_left).toBeLessThanOrEqual(600);
    expect(sshd!.total_banned).toBeGreaterThanOrEqual(1);

    // A browser at the attacker's address is told so on the server page.
    const me = await test.app.inject({
      method: 'GET',
      url: `${base}/me`,
      headers: { cookie },
      remoteAddress: attacker.address,
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(fail2banMeResponseSchema.parse(me.json()).data).toEqual({
      ip: attacker.address,
      banned_in: ['sshd'],
    });
    const mine = fail2banMeResponseSchema.parse((await api.get(`${base}/me`)).json()).data;
    expect(mine.banned_in).toEqual([]);
  });

  it("never bans the panel's own address, however often it fails to log in", async () => {
    for (let round = 0; round < 2; round += 1) {
      execFileSync('bash', ['-c', FAILED_LOGINS, 'script', target.address], { stdio: 'ignore' });
    }
    expect(
      await onTarget(
        'journalctl -u ssh --no-pager | grep -c "Failed password for root from $1" || true',
        panelIp,
      ),
    ).not.toBe('0');
    await waitFor(
      async () => (await onTarget('grep -c "Ignore $1" /var/log/fail2ban.log || true', panelIp)) !== '0',
      {
        timeoutMs: 30_000,
        what: 'fail2ban to ignore the panel',
      },
    );
    expect(await bannedOnServer('sshd')).not.toContain(panelIp);
    expect((await list()).infos.fail2ban.running).toBe(true);
    // Nor by hand.
    const byHand = await runEvent(api.post(`${base}/banip`, { ip: panelIp, jail: 'sshd' }));
    expect(byHand.status).toBe('ERROR');
    expect(byHand.output).toContain('never banned');
    expect(await bannedOnServer('sshd')).not.toContain(panelIp);
  });

  it('unbans the attacker through the API', async () => {
    const event = await runEvent(api.post(`${base}/unbanip`, { ip: attacker.address, jail: 'sshd' }));
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(await bannedOnServer('sshd')).not.toContain(attacker.address);
    expect(await onTarget('iptables -S f2b-sshd')).not.toContain(attacker.address);
    expect(
      await onServer(
        attacker,
        'timeout 5 bash -c "</dev/tcp/$1/22" && echo open || echo closed',
        target.address,
      ),
    ).toBe('open');
    expect((await jail('sshd'))!.banned).toEqual([]);
  });

  it('bans by hand, and the allow-list unbans what it covers and joins ignoreip', async () => {
    expect((await runEvent(api.post(`${base}/banip`, { ip: '192.0.2.7', jail: 'sshd' }))).status).toBe(
      'FINISHED',
    );
    expect(await bannedOnServer('sshd')).toContain('192.0.2.7');
    const event = await runEvent(api.put(`${base}/allow-list`, { ips: ['192.0.2.0/24', '2001:db8::1'] }));
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(await bannedOnServer('sshd')).not.toContain('192.0.2.7');
    const ignored = await onTarget('fail2ban-client get sshd ignoreip');
    expect(ignored).toContain('192.0.2.0/24');
    expect(ignored).toContain(panelIp);
    expect((await list()).infos.fail2ban.allow_list).toEqual(['192.0.2.0/24', '2001:db8::1']);
  });

  it('updates, disables, enables and deletes its jail; a hand-written jail stays', async () => {
    expect(
      (await runEvent(api.put(`${base}/jails/sshd`, { maxretry: 4, findtime: 900, bantime: 1200 }))).status,
    ).toBe('FINISHED');
    expect(await onTarget('fail2ban-client get sshd bantime')).toBe('1200');
    expect((await runEvent(api.post(`${base}/jails/sshd/disable`))).status).toBe('FINISHED');
    expect(await onTarget('fail2ban-client status | grep "Jail list"')).not.toContain('sshd');
    expect(await jail('sshd')).toMatchObject({ managed: true, running: false, enabled: false, maxretry: 4 });
    expect((await runEvent(api.post(`${base}/jails/sshd/enable`))).status).toBe('FINISHED');
    expect(await onTarget('fail2ban-client get sshd maxretry')).toBe('4');
    expect((await runEvent(api.delete(`${base}/jails/sshd`))).status).toBe('FINISHED');
    expect(await onTarget('test -e /etc/fail2ban/jail.d/hostdeck-sshd.local && echo yes || echo no')).toBe(
      'no',
    );
    // Provisioning's jail.local runs sshd again, unmanaged; deleting a jail the panel did not make is refused.
    expect(await jail('sshd')).toMatchObject({ managed: false, running: true });
    const refused = await runEvent(api.delete(`${base}/jails/sshd`));
    expect(refused.status).toBe('ERROR');
    expect(refused.output).toContain('was not made by HostDeck');
    expect(await onTarget('systemctl is-active fail2ban')).toBe('active');
  });
});
