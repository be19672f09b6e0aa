import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { SSHD_DROP_IN, sshdConfigRoute, type SshdConfig } from '@hostdeck/contracts/ssh';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events, servers } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * The sshd settings on a booted Debian 12 test server (`web` image: ufw installed), through the API
 * and the real job runner (safe apply included), every change checked on the server itself with
 * `sshd -T`, `ufw status` and the drop-in. The panel logs in as root with the password here.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'sshd1';
const REVERT_SECONDS = 20;

describe('sshd settings on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let base: string;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: { SAFE_APPLY_REVERT_SECONDS: String(REVERT_SECONDS) },
    });
    ({ test, api, serverId } = connected);
    base = `/api/servers/${serverId}`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();
  const sshdValue = (keyword: string) =>
    onServer(`sshd -T | awk '$1 == "${keyword}" { $1 = ""; print substr($0, 2) }'`);

  const config = async (): Promise<SshdConfig> => {
    const response = await api.get(`${base}/sshd_config`);
    expect(response.statusCode, response.body).toBe(200);
    return sshdConfigRoute.response.parse(response.json()).data;
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

  const formOf = (current: SshdConfig) => ({ ...current.form });

  it('reads the settings sshd uses, the drop-in and how the panel logs in', async () => {
    const current = await config();
    expect(current.form.port).toBe(22);
    expect(current.ports).toEqual([22]);
    expect(current.form.maxauthtries).toBe(Number(await sshdValue('maxauthtries')));
    expect(current.form.permitrootlogin).toBe(await sshdValue('permitrootlogin'));
    expect(current).toMatchObject({ raw: '', socket: false, pending: false });
    expect(current.panel).toEqual({ user: 'root', auth: 'password' });
  });

  it('refuses what surely locks the panel out, and bad lines, before anything runs', async () => {
    const before = await test.database.db.select().from(events);
    const current = await config();
    for (const [body, field] of [
      [{ raw: 'PasswordAuthentication no' }, 'raw'],
      [{ raw: 'AllowUsers hostdeck' }, 'raw'],
      [{ raw: 'DenyUsers root' }, 'raw'],
      [{ raw: 'AuthenticationMethods publickey' }, 'raw'],
      [{ raw: 'Match User hostdeck\n  PasswordAuthentication no' }, 'raw'],
      [{ raw: 'Include /tmp/evil.conf' }, 'raw'],
      [{ raw: 'Port 2222' }, 'raw'],
      [{ raw: 'MaxAuthTries 4\nForceCommand /bin/true' }, 'raw'],
      [{ raw: 'Banner "/etc/issue"' }, 'raw'],
      [{ form: { ...formOf(current), permitrootlogin: 'no' } }, 'form.permitrootlogin'],
      [{ form: { ...formOf(current), permitrootlogin: 'prohibit-password' } }, 'form.permitrootlogin'],
      [{ form: { ...formOf(current), passwordauthentication: 'no' } }, 'form.passwordauthentication'],
      [{ form: { ...formOf(current), allowusers: 'hostdeck' } }, 'form.allowusers'],
      [{ form: { ...formOf(current), allowusers: 'root\nMatch all' } }, 'form.allowusers'],
      [{ form: { ...formOf(current), port: 70000 } }, 'form.port'],
    ] as const) {
      const response = await api.post(`${base}/sshd_config`, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
      expect(Object.keys(errorResponseSchema.parse(response.json()).errors ?? {})).toContain(field);
    }
    expect(await test.database.db.select().from(events)).toHaveLength(before.length);
    expect(await onServer(`test -e ${SSHD_DROP_IN} && echo yes || echo no`)).toBe('no');
  });

  it('changes MaxAuthTries from the form: written to the drop-in, sshd -T says so', async () => {
    const current = await config();
    const event = await runEvent(
      api.post(`${base}/sshd_config`, { form: { ...formOf(current), maxauthtries: 4 } }),
    );
    expect(event.status, event.output).toBe('FINISHED');
    expect(event.output).toContain('the panel reconnected');
    expect(await sshdValue('maxauthtries')).toBe('4');
    const dropIn = await onServer(`cat ${SSHD_DROP_IN}`);
    expect(dropIn.split('\n')[0]).toMatch(/^# Managed by HostDeck/);
    expect(dropIn).toContain('\nPort 22\n');
    expect(dropIn).toContain('MaxAuthTries 4');
    expect((await config()).raw).toContain('MaxAuthTries 4');
  });

  it('puts a config back by itself when it passes sshd -t but refuses the panel', async () => {
    const before = await onServer(`cat ${SSHD_DROP_IN}`);
    // Passes the API (root is allowed, from some address) and sshd -t, and refuses the panel's address.
    const event = await runEvent(
      api.post(`${base}/sshd_config`, { raw: 'MaxAuthTries 4\nAllowUsers root@192.0.2.77' }),
    );
    expect(event.status, event.output).toBe('ERROR');
    expect(event.errorId, event.output).toBe('safeApplyReverted');
    expect(event.output).toContain('could not connect');
    expect(await onServer(`cat ${SSHD_DROP_IN}`)).toBe(before);
    expect(await sshdValue('allowusers')).toBe('');
    // The server's own timer did it (its revert program leaves the time it ran).
    expect(await onServer('cat /var/lib/hostdeck/safe-apply/ssh/reverted')).toMatch(/^\d+$/);
    // The panel reaches it again as before.
    const after = await config();
    expect(after.form.maxauthtries).toBe(4);
    expect(after.pending).toBe(false);
  }, 180_000);

  it('moves sshd from 22 to 2222: ufw opens 2222 then closes 22, and the panel follows', async () => {
    await onServer('ufw allow 22/tcp >/dev/null && ufw --force enable >/dev/null');
    expect(await onServer('ufw status')).toMatch(/^22\/tcp +ALLOW/m);
    const current = await config();
    const event = await runEvent(
      api.post(`${base}/sshd_config`, { form: { ...formOf(current), port: 2222 } }),
    );
    expect(event.status, event.output).toBe('FINISHED');
    expect(event.descriptionId).toBe('changeSshPort');
    expect(await onServer('sshd -T | awk \'$1 == "port" { print $2 }\'')).toBe('2222');
    const status = await onServer('ufw status');
    expect(status).toMatch(/^2222\/tcp +ALLOW/m);
    expect(status).not.toMatch(/^22\/tcp /m);
    expect(await onServer('ss -Htln "sport = :22" | wc -l')).toBe('0');
    const [row] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(row!.port).toBe(2222);
    // The next read and the next event run on 2222.
    const moved = await config();
    expect(moved.form.port).toBe(2222);
    expect(moved.ports).toEqual([2222]);
    const next = await runEvent(
      api.post(`${base}/sshd_config`, { form: { ...moved.form, maxauthtries: 5 } }),
    );
    expect(next.status, next.output).toBe('FINISHED');
    expect(next.descriptionId).toBe('updateSshdConfig');
    expect(await sshdValue('maxauthtries')).toBe('5');
  }, 180_000);

  it('forgets the recorded host key only with the server name typed; the next read records it again', async () => {
    const [before] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(before!.hostKeyFingerprint).toBeTruthy();
    const refused = await api.post(`${base}/host-key/reset`, { confirm: 'nope' });
    expect(refused.statusCode).toBe(422);
    expect(errorResponseSchema.parse(refused.json()).errors).toHaveProperty('confirm');
    const reset = await api.post(`${base}/host-key/reset`, { confirm: before!.name });
    expect(reset.statusCode, reset.body).toBe(204);
    const [cleared] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(cleared!.hostKeyFingerprint).toBeNull();
    await config();
    const [recorded] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(recorded!.hostKeyFingerprint).toBe(before!.hostKeyFingerprint);
  });
});
