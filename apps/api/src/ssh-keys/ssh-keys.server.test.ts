import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorResponseSchema,
  serverDetailResponseSchema,
  startedEventResponseSchema,
} from '@hostdeck/contracts';
import { sshKeyGithubRoute, sshKeysSection, type SshKey } from '@hostdeck/contracts/ssh-keys';
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
 * A server's SSH keys on a booted Debian 12 test server (the `web` image: user `hostdeck`), through
 * the API and the queue; every change checked on the server itself (modes, the file) and by
 * logging in with ssh from the host with the private key (issue 17).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'key1';

describe('SSH keys on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let base: string;
  let folder: string;

  const makeKey = (name: string) => {
    const file = path.join(folder, name);
    const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', `${name}@test`, '-f', file]);
    expect(made.status).toBe(0);
    const fingerprint = spawnSync('ssh-keygen', ['-l', '-f', `${file}.pub`], {
      encoding: 'utf8',
    }).stdout.split(' ')[1]!;
    return { file, publicKey: readFileSync(`${file}.pub`, 'utf8').trim(), fingerprint };
  };

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'hd-key1-'));
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, api, serverId } = connected);
    base = `/api/servers/${serverId}/ssh-keys`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();

  /** `whoami` over ssh from the host with the private key only; null when the login is refused. */
  const login = (user: string, keyFile: string): string | null => {
    const result = spawnSync(
      'ssh',
      [
        '-i',
        keyFile,
        '-o',
        'BatchMode=yes',
        '-o',
        'IdentitiesOnly=yes',
        '-o',
        'PasswordAuthentication=no',
        '-o',
        'StrictHostKeyChecking=no',
        '-o',
        'UserKnownHostsFile=/dev/null',
        '-o',
        'ConnectTimeout=15',
        '-p',
        String(testServer.port),
        `${user}@${testServer.address}`,
        'whoami',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    return result.status === 0 ? result.stdout.trim() : null;
  };

  const list = async (): Promise<SshKey[]> => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return sshKeysSection.list.response.parse(response.json()).data;
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

  const deleteKey = (body: object) => api.deleteWith(base, body);

  it('lists root and the default user, and refuses keys with options or a second line (no event)', async () => {
    const usersResponse = await api.get(`${base}/users`);
    expect(usersResponse.statusCode, usersResponse.body).toBe(200);
    const names = (usersResponse.json() as { data: { name: string }[] }).data.map((user) => user.name);
    expect(names).toEqual(expect.arrayContaining(['root', 'hostdeck']));

    const key = makeKey('refused');
    const before = await test.database.db.select().from(events);
    for (const publicKey of [
      `command="touch /tmp/pwned" ${key.publicKey}`,
      `${key.publicKey}\n${key.publicKey}`,
      `no-pty ${key.publicKey}`,
      'ssh-ed25519 AAAA not-a-key',
    ]) {
      const response = await api.post(base, { public_key: publicKey, users: ['root'] });
      expect(response.statusCode, publicKey).toBe(422);
      expect(Object.keys(errorResponseSchema.parse(response.json()).errors ?? {})).toContain('public_key');
    }
    const unknown = await api.post(base, { public_key: key.publicKey, users: ['nosuchuser'] });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(errorResponseSchema.parse(unknown.json()).errors ?? {})).toContain('users');
    expect(await test.database.db.select().from(events)).toHaveLength(before.length);
    expect(
      await onServer(
        'grep -c refused@test /root/.ssh/authorized_keys /home/hostdeck/.ssh/authorized_keys 2>/dev/null | grep -v ":0" | wc -l',
      ),
    ).toBe('0');
  });

  let main: ReturnType<typeof makeKey>;

  it('adds a key to root and hostdeck: both log in with it, modes 0700/0600 owned by the user', async () => {
    main = makeKey('main');
    expect(login('root', main.file)).toBeNull();
    const event = await runEvent(api.post(base, { public_key: main.publicKey, users: ['root', 'hostdeck'] }));
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(login('root', main.file)).toBe('root');
    expect(login('hostdeck', main.file)).toBe('hostdeck');
    expect(
      await onServer(
        'stat -c "%a %U %n" /root/.ssh /root/.ssh/authorized_keys /home/hostdeck/.ssh /home/hostdeck/.ssh/authorized_keys',
      ),
    ).toBe(
      [
        '700 root /root/.ssh',
        '600 root /root/.ssh/authorized_keys',
        '700 hostdeck /home/hostdeck/.ssh',
        '600 hostdeck /home/hostdeck/.ssh/authorized_keys',
      ].join('\n'),
    );
    const keys = (await list()).filter((key) => key.fingerprint === main.fingerprint);
    expect(keys.map((key) => key.user).sort()).toEqual(['hostdeck', 'root']);
    expect(keys[0]).toMatchObject({ type: 'ssh-ed25519', comment: 'main@test', options: [], panel: false });
  });

  it('adding it again changes nothing', async () => {
    const sums = 'md5sum /root/.ssh/authorized_keys /home/hostdeck/.ssh/authorized_keys';
    const before = await onServer(sums);
    const event = await runEvent(api.post(base, { public_key: main.publicKey, users: ['root', 'hostdeck'] }));
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(event.output).toContain('already there');
    expect(await onServer(sums)).toBe(before);
    expect(await onServer(`grep -c 'main@test' /home/hostdeck/.ssh/authorized_keys`)).toBe('1');
  });

  it('grant-root adds a key to root only', async () => {
    const second = makeKey('granted');
    const event = await runEvent(
      api.post(`/api/servers/${serverId}/grant-root`, { public_key: second.publicKey }),
    );
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(login('root', second.file)).toBe('root');
    expect(login('hostdeck', second.file)).toBeNull();
  });

  it('removes the key: the login is refused and the list no longer has it', async () => {
    const event = await runEvent(deleteKey({ fingerprint: main.fingerprint, users: ['root', 'hostdeck'] }));
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(login('root', main.file)).toBeNull();
    expect(login('hostdeck', main.file)).toBeNull();
    expect((await list()).some((key) => key.fingerprint === main.fingerprint)).toBe(false);
    expect(await onServer('stat -c "%a %U" /home/hostdeck/.ssh/authorized_keys')).toBe('600 hostdeck');
    // Removing what is not there is fine.
    const again = await runEvent(deleteKey({ fingerprint: main.fingerprint, users: ['hostdeck'] }));
    expect(again.status, again.output ?? '').toBe('FINISHED');
  });

  it("the panel's own key is locked: listed as panel, refused by the API and by the server", async () => {
    const panelKey = makeKey('panel');
    const panelLine = `${panelKey.publicKey.split(' ').slice(0, 2).join(' ')} hostdeck-server-${serverId}`;
    await test.database.db.update(servers).set({ publicKey: panelLine }).where(eq(servers.id, serverId));
    await onServer(`printf '%s\\n' '${panelLine}' >> /root/.ssh/authorized_keys`);
    const panelRow = (await list()).find((key) => key.fingerprint === panelKey.fingerprint);
    expect(panelRow).toMatchObject({ user: 'root', panel: true });

    const refused = await deleteKey({ fingerprint: panelKey.fingerprint, users: ['root'] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(errorResponseSchema.parse(refused.json()).errors ?? {})).toContain('fingerprint');

    // Another key under a panel comment (an older panel key): the API passes it, the server refuses.
    const old = makeKey('old');
    const oldLine = `${old.publicKey.split(' ').slice(0, 2).join(' ')} hostdeck-server-99`;
    await onServer(`printf '%s\\n' '${oldLine}' >> /root/.ssh/authorized_keys`);
    const event = await runEvent(deleteKey({ fingerprint: old.fingerprint, users: ['root'] }));
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain("panel's own key");
    expect(await onServer('grep -c hostdeck-server- /root/.ssh/authorized_keys')).toBe('2');
    expect(login('root', panelKey.file)).toBe('root');
  });

  it('makes the GitHub key once as the default user and shows it in the server detail', async () => {
    const first = await api.post(`/api/servers/${serverId}/ssh-key-github`);
    expect(first.statusCode, first.body).toBe(200);
    const key = sshKeyGithubRoute.response.parse(first.json()).data.ssh_key_github;
    expect(key).toMatch(/^ssh-ed25519 AAAA\S+ hostdeck-github-\d+$/);
    expect(await onServer('cat /home/hostdeck/.ssh/id_ed25519_github.pub')).toBe(key);
    expect(await onServer('stat -c "%a %U" /home/hostdeck/.ssh/id_ed25519_github')).toBe('600 hostdeck');
    expect(await onServer('runuser -u hostdeck -- ssh -G github.com | grep -i "^identityfile"')).toContain(
      'id_ed25519_github',
    );
    const second = await api.post(`/api/servers/${serverId}/ssh-key-github`);
    expect(sshKeyGithubRoute.response.parse(second.json()).data.ssh_key_github).toBe(key);
    expect(await onServer('grep -c "HostDeck GitHub key" /home/hostdeck/.ssh/config')).toBe('1');
    const [row] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(row!.sshKeyGithub).toBe(key);
    const detail = serverDetailResponseSchema.parse((await api.get(`/api/servers/${serverId}`)).json()).data;
    expect(detail.ssh_key_github).toBe(key);
  });
});
