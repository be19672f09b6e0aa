import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import ssh2 from 'ssh2';
import { serverDetailResponseSchema } from '@hostdeck/contracts';
import { events, servers } from '../database/schema.js';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { FAKE_HOST_KEY, FAKE_ROOT_PASSWORD, keysOf } from './testing/fake-server.js';
import { installCommand } from './install-command.js';
import { SECRET_PURPOSE } from './server-connection.js';
import { useFakeServerApp } from './testing/servers.js';

/**
 * Connecting a server through the API (POST api/servers, POST api/servers/{server}/connect),
 * against an in-memory server (testing/fake-server.ts). servers.server.test.ts does the same against
 * booted test servers.
 */
describe('connecting a server', () => {
  const { fake, testApp, db } = useFakeServerApp();

  const countServers = async () => (await db().select({ id: servers.id }).from(servers)).length;
  const form = (overrides: Record<string, unknown> = {}) => ({
    name: 'web-1',
    ip: '203.0.113.10',
    port: 22,
    method: 'password',
    password: FAKE_ROOT_PASSWORD,
    provision: {
      web_server: 'nginx',
      php_versions: ['8.2'],
      database: 'mariadb',
      timezone: 'Asia/Ho_Chi_Minh',
    },
    ...overrides,
  });

  it('validates the form with the messages of §5, in English and Vietnamese', async () => {
    const { api } = await signIn(testApp());
    const before = await countServers();
    const response = await api.post('/api/servers', {
      name: '',
      ip: '300.1.1.1',
      port: 70000,
      method: 'password',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['Required'],
      ip: ['Invalid IP'],
      port: ['Invalid value'],
    });
    const noPassword = await api.post('/api/servers', form({ password: undefined }));
    expect(noPassword.json().errors).toEqual({ password: ['Required'] });
    const vietnamese = await api.post(
      '/api/servers',
      form({ provision: { timezone: 'Asia/Ho Chi Minh' } }),
      'vi',
    );
    expect(vietnamese.statusCode).toBe(422);
    expect(vietnamese.json().errors).toEqual({ 'provision.timezone': ['Múi giờ không hợp lệ'] });
    for (const body of [form({ method: 'telnet' }), form({ extra: 1 }), form({ ip: '10.0.0.1; id' })])
      expect((await api.post('/api/servers', body)).statusCode).toBe(422);
    expect(await countServers()).toBe(before);
    expect(fake.state.log).toEqual([]);
  });

  it('connects with the root password: key installed and checked, host key and OS recorded, password not kept, provisioning queued', async () => {
    const { user, api } = await signIn(testApp());
    const response = await api.post('/api/servers', form());
    expect(response.statusCode, response.body).toBe(201);
    const detail = serverDetailResponseSchema.parse(response.json()).data;
    expect(detail).toMatchObject({
      name: 'web-1',
      ip: '203.0.113.10',
      status: 'INSTALLING',
      installed: false,
      is_owner: true,
      os_version: 'debian-12',
      connect_method: 'password',
      install_command: null,
      default_linux_user: 'hostdeck',
      provision: {
        web_server: 'nginx',
        php_versions: ['8.2'],
        database: 'mariadb',
        timezone: 'Asia/Ho_Chi_Minh',
      },
    });
    expect(fake.state.log).toEqual([
      'connect:password@203.0.113.10',
      'server-detect-os',
      'server-authorize-key',
      'connect:key@203.0.113.10',
    ]);
    expect(response.body).not.toContain(FAKE_ROOT_PASSWORD);
    expect(keysOf(response.json())).not.toContainEqual(
      expect.stringMatching(/private|password|host_?key|public_key/),
    );

    const [row] = await db().select().from(servers).where(eq(servers.id, detail.id));
    expect(row!.userId).toBe(user.id);
    expect(row!.sealedPassword).toBeNull();
    expect(row!.hostKeyFingerprint).toBe(FAKE_HOST_KEY);
    expect(row!.publicKey).toMatch(new RegExp(`^ssh-ed25519 AAAA\\S+ hostdeck-server-${detail.id}$`));
    expect([...fake.state.authorizedKeys]).toEqual([row!.publicKey]);
    // The private key is sealed, and is the pair of the public key.
    expect(row!.sealedPrivateKey).toMatch(/^v1:/);
    const privateKey = testApp().panel.secretBox.open(row!.sealedPrivateKey!, SECRET_PURPOSE.privateKey);
    const parsed = ssh2.utils.parseKey(privateKey) as ssh2.ParsedKey;
    expect(parsed.type).toBe('ssh-ed25519');
    expect(parsed.getPublicSSH().toString('base64')).toBe(row!.publicKey!.split(' ')[1]);

    const [event] = await db().select().from(events).where(eq(events.serverId, detail.id));
    expect(event).toMatchObject({
      id: detail.provision_event_id,
      type: 'provision_server',
      recipeId: 'server-provision',
      status: 'PENDING',
      userId: user.id,
    });
  });

  it('answers a wrong password, a closed port and a silent address on their fields, storing nothing', async () => {
    const { api } = await signIn(testApp());
    const before = await countServers();
    const wrong = await api.post('/api/servers', form({ password: 'not-the-password' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'The server refused the root password.',
      errors: { password: ['The server refused the root password.'] },
    });
    expect((await api.post('/api/servers', form({ password: 'nope' }), 'vi')).json().message).toBe(
      'Máy chủ đã từ chối mật khẩu root.',
    );

    fake.refuseConnections('connection refused');
    const refused = await api.post('/api/servers', form({ port: 2 }));
    expect(refused.json().errors).toEqual({
      port: ['Could not connect to 203.0.113.10:2: connection refused. Is SSH listening on this port?'],
    });
    fake.refuseConnections('timed out after 10 seconds');
    const silent = await api.post('/api/servers', form({ ip: '2001:db8::7' }));
    expect(silent.json().errors).toEqual({
      ip: ['Could not connect to [2001:db8::7]:22: no answer within 10 seconds.'],
    });
    expect(await countServers()).toBe(before);
    expect(fake.state.authorizedKeys.size).toBe(0);
  });

  it('refuses an unsupported OS by name before installing anything', async () => {
    const { api } = await signIn(testApp());
    const before = await countServers();
    fake.state.osRelease = 'PRETTY_NAME="CentOS Stream 9"\nID="centos"\nVERSION_ID="9"\n';
    const response = await api.post('/api/servers', form());
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'This server runs CentOS Stream 9, which the panel does not support. Supported: Ubuntu 20.04, 22.04 and 24.04, and Debian 12.',
    );
    expect((await api.post('/api/servers', form(), 'vi')).json().message).toContain(
      'Máy chủ này chạy CentOS Stream 9',
    );
    expect(fake.state.log).not.toContain('server-authorize-key');
    expect(await countServers()).toBe(before);
  });

  it('removes its key again when the key does not work after the password did', async () => {
    const { api } = await signIn(testApp());
    const before = await countServers();
    fake.state.ignoresKeys = true;
    const response = await api.post('/api/servers', form());
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/accepted the root password but not the panel's key/);
    expect(fake.state.log.slice(-2)).toEqual(['connect:key@203.0.113.10', 'server-forget-key']);
    expect(fake.state.authorizedKeys.size).toBe(0);
    expect(await countServers()).toBe(before);
  });

  it('command method: waits with the install command, refuses to connect until the key is there, then provisions', async () => {
    const { api } = await signIn(testApp());
    const created = await api.post('/api/servers', form({ method: 'command', password: undefined }));
    expect(created.statusCode, created.body).toBe(201);
    const detail = serverDetailResponseSchema.parse(created.json()).data;
    expect(detail).toMatchObject({ status: 'PENDING', connect_method: 'command', provision_event_id: null });
    const [row] = await db().select().from(servers).where(eq(servers.id, detail.id));
    expect(detail.install_command).toBe(installCommand(row!.publicKey!));
    expect(fake.state.log).toEqual([]);

    // Anything that needs the server waits for the connection.
    const early = await api.post(`/api/servers/${detail.id}/clean`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/^Connect the server first/);

    const notYet = await api.post(`/api/servers/${detail.id}/connect`);
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().message).toBe(
      "The server did not accept the panel's key. Run the install command on the server as root, then connect again.",
    );
    expect(
      (await db().select().from(servers).where(eq(servers.id, detail.id)))[0]!.hostKeyFingerprint,
    ).toBeNull();

    fake.state.authorizedKeys.add(row!.publicKey!);
    const connected = await api.post(`/api/servers/${detail.id}/connect`);
    expect(connected.statusCode, connected.body).toBe(200);
    const after = serverDetailResponseSchema.parse(connected.json()).data;
    expect(after).toMatchObject({ status: 'INSTALLING', os_version: 'debian-12', install_command: null });
    expect(after.provision_event_id).toBeGreaterThan(0);
    const [stored] = await db().select().from(servers).where(eq(servers.id, detail.id));
    expect(stored!.hostKeyFingerprint).toBe(FAKE_HOST_KEY);

    // Connecting again checks the connection; it does not provision a second time.
    expect((await api.post(`/api/servers/${detail.id}/connect`)).statusCode).toBe(200);
    expect(await db().select().from(events).where(eq(events.serverId, detail.id))).toHaveLength(1);
  });

  it('reinstalls a lost key with the saved root password when connecting again', async () => {
    const { api } = await signIn(testApp());
    const detail = serverDetailResponseSchema.parse((await api.post('/api/servers', form())).json()).data;
    fake.state.authorizedKeys.clear();
    expect((await api.get(`/api/servers/${detail.id}/systeminfo`)).json().message).toMatch(
      /^The server refused the panel's key/,
    );
    expect(
      (await api.put(`/api/servers/${detail.id}/password`, { password: FAKE_ROOT_PASSWORD })).statusCode,
    ).toBe(204);
    const [row] = await db().select().from(servers).where(eq(servers.id, detail.id));
    expect(row!.sealedPassword).toMatch(/^v1:/);
    expect(testApp().panel.secretBox.open(row!.sealedPassword!, SECRET_PURPOSE.password)).toBe(
      FAKE_ROOT_PASSWORD,
    );
    const again = await api.post(`/api/servers/${detail.id}/connect`);
    expect(again.statusCode, again.body).toBe(200);
    expect([...fake.state.authorizedKeys]).toEqual([row!.publicKey]);
    expect(again.body).not.toContain(FAKE_ROOT_PASSWORD);
  });
});

describe('the install command', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-install-command-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const key =
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw hostdeck-server-12';
  // The same command, pointed at a temporary home instead of /root.
  const run = () => {
    const command = installCommand(key).replaceAll('/root/.ssh', `${directory}/.ssh`);
    const result = spawnSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  };

  it('creates the file with sshd’s modes, adds the key once, and never joins it to a last line', () => {
    run();
    const file = `${directory}/.ssh/authorized_keys`;
    expect(statSync(`${directory}/.ssh`).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(`${key}\n`);
    run();
    expect(readFileSync(file, 'utf8')).toBe(`${key}\n`);
    writeFileSync(file, 'ssh-ed25519 AAAAother user@laptop');
    run();
    expect(readFileSync(file, 'utf8')).toBe(`ssh-ed25519 AAAAother user@laptop\n${key}\n`);
  });

  it('is built only from the panel’s own key', () => {
    expect(() => installCommand("ssh-ed25519 AAAA' ; touch /tmp/pwned ; ' x")).toThrow();
    expect(installCommand(key)).not.toMatch(/\n/);
  });
});
