import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecipeInputError, type Recipe } from '@hostdeck/recipes';
import {
  parseSystemUsersInventory,
  systemUserCreate,
  systemUserDelete,
  systemUserPassword,
  systemUsersInventory,
  systemUsersSync,
  toPasswordHex,
} from '@hostdeck/recipes/system-users';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
  type RecipeRun,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';

/**
 * The system users recipes on a real Debian 12 server: each step built by the production builder
 * and run over SSH as the job runner runs it; then the server itself is checked by logging in as
 * the users the recipes made, over SSH with their passwords (sudo, the SFTP jail).
 */
const SERVER = 'usr1';
let server: TestServer;
let session: RemoteSession;

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
}, 15 * 60_000);
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);

async function succeed(recipe: Recipe, input: unknown): Promise<string[]> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result.stdout.split('\n').filter((line) => line.startsWith('::hostdeck::change::'));
}

async function shell(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runOnTestServer(server, ['bash', '-c', command]);
}

async function inventory() {
  const result = await run(systemUsersInventory, {});
  expect(result.exitCode, result.output).toBe(0);
  return parseSystemUsersInventory(result.stdout);
}

/** Logs in as `username` with its password (a fresh SSH connection, as a person would). */
function login(username: string, password: string): Promise<ssh2.Client> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client
      .on('ready', () => resolve(client))
      .on('error', reject)
      .connect({
        host: server.address,
        port: server.port,
        username,
        password,
        readyTimeout: 15_000,
        tryKeyboard: false,
      });
  });
}

/** Runs a command in an SSH session of `client`; stdin optional. */
function exec(client: ssh2.Client, command: string, stdin?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    client.exec(command, (error, channel) => {
      if (error) return reject(error);
      let stdout = '';
      let stderr = '';
      channel.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      channel.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      channel.on('close', (code: number | null) => resolve({ code, stdout, stderr }));
      if (stdin !== undefined) channel.end(stdin);
      else channel.end();
    });
  });
}

const SUDO_PASSWORD = 'Sudo-pass 1:2;$(x)';
const SFTP_PASSWORD = 'Sftp-pass "quoted" `x`';

describe('system users on a real server', () => {
  it('lists the default user with its home and no system account', async () => {
    const { users } = await inventory();
    const names = users.map((user) => user.name);
    expect(names).toContain('hostdeck');
    expect(names).not.toContain('root');
    expect(names).not.toContain('www-data');
    expect(names).not.toContain('nobody');
    const hostdeck = users.find((user) => user.name === 'hostdeck')!;
    expect(hostdeck.home).toBe('/home/hostdeck');
    expect(hostdeck.diskUsage).toEqual(expect.any(Number));
  });

  it('measures the folders of a home (the sites usage)', async () => {
    await shell(
      'mkdir -p /home/hostdeck/example.com && head -c 1048576 /dev/zero > /home/hostdeck/example.com/blob',
    );
    const hostdeck = (await inventory()).users.find((user) => user.name === 'hostdeck')!;
    expect(hostdeck.folders.get('example.com')).toBeGreaterThanOrEqual(1_048_576);
  });

  it('creates a sudo user who can `sudo true` with its password, over SSH', async () => {
    const changes = await succeed(systemUserCreate, {
      name: 'devsudo',
      shell: '/bin/bash',
      password_hex: toPasswordHex(SUDO_PASSWORD),
      sudo: true,
      sftp_only: false,
    });
    expect(changes.join('\n')).toContain('created the user devsudo');
    const rule = await shell(
      'stat -c "%a %U" /etc/sudoers.d/hostdeck-devsudo && cat /etc/sudoers.d/hostdeck-devsudo',
    );
    expect(rule.stdout).toContain('440 root');
    expect(rule.stdout).toContain('# Managed by HostDeck');
    expect((await shell('visudo -c')).code).toBe(0);

    const client = await login('devsudo', SUDO_PASSWORD);
    try {
      const who = await exec(client, 'id -un; echo "$SHELL"');
      expect(who.stdout).toBe('devsudo\n/bin/bash\n');
      const sudo = await exec(client, "sudo -S -p '' true && echo SUDO-OK", `${SUDO_PASSWORD}\n`);
      expect(sudo.stdout, sudo.stderr).toContain('SUDO-OK');
      expect(sudo.code).toBe(0);
      const root = await exec(client, "sudo -S -p '' id -u", `${SUDO_PASSWORD}\n`);
      expect(root.stdout.trim()).toBe('0');
    } finally {
      client.end();
    }

    const listed = (await inventory()).users.find((user) => user.name === 'devsudo')!;
    expect(listed).toMatchObject({ sudo: true, sudoManaged: true, sftpOnly: false, shell: '/bin/bash' });
    // A second run changes nothing.
    expect(
      await succeed(systemUserCreate, {
        name: 'devsudo',
        shell: '/bin/bash',
        password_hex: toPasswordHex(SUDO_PASSWORD),
        sudo: true,
        sftp_only: false,
      }),
    ).toEqual([]);
  });

  it('creates an SFTP-only user who gets no shell but can use SFTP in its home', async () => {
    await succeed(systemUserCreate, {
      name: 'sftpuser',
      shell: 'nologin',
      password_hex: toPasswordHex(SFTP_PASSWORD),
      sudo: false,
      sftp_only: true,
    });
    const config = await shell(
      'cat /etc/ssh/sshd_config.d/hostdeck-sftp.conf; sshd -t && echo VALID; stat -c "%U %a" /home',
    );
    expect(config.stdout).toContain('Match Group hostdeck-sftp');
    expect(config.stdout).toContain('ForceCommand internal-sftp');
    expect(config.stdout).toContain('VALID');
    expect(config.stdout).toContain('root 755');
    // Only the group is jailed: root and other users keep their shell.
    const effective = await shell(
      'sshd -T -C user=root,host=h,addr=10.0.0.9 | grep -iE "^(forcecommand|chrootdirectory)"',
    );
    expect(effective.stdout.toLowerCase()).toContain('chrootdirectory none');
    expect(effective.stdout.toLowerCase()).toContain('forcecommand none');

    const client = await login('sftpuser', SFTP_PASSWORD);
    try {
      // A command gets internal-sftp instead of a shell: no output of the command.
      const attempt = await exec(client, 'id; echo SHELL-REACHED');
      expect(attempt.stdout).not.toContain('SHELL-REACHED');
      expect(attempt.stdout).not.toContain('uid=');
      const sftp = await new Promise<ssh2.SFTPWrapper>((resolve, reject) =>
        client.sftp((error, wrapper) => (error ? reject(error) : resolve(wrapper))),
      );
      const cwd = await new Promise<string>((resolve, reject) =>
        sftp.realpath('.', (error, path) => (error ? reject(error) : resolve(path))),
      );
      expect(cwd).toBe('/sftpuser');
      await new Promise<void>((resolve, reject) =>
        sftp.writeFile('/sftpuser/uploaded.txt', 'hello', (error) => (error ? reject(error) : resolve())),
      );
      // The jail: /etc of the server is not there.
      const escaped = await new Promise<boolean>((resolve) =>
        sftp.stat('/etc/passwd', (error) => resolve(!error)),
      );
      expect(escaped).toBe(false);
    } finally {
      client.end();
    }
    const uploaded = await shell(
      'stat -c "%U" /home/sftpuser/uploaded.txt && cat /home/sftpuser/uploaded.txt',
    );
    expect(uploaded.stdout).toBe('sftpuser\nhello');
    const listed = (await inventory()).users.find((user) => user.name === 'sftpuser')!;
    expect(listed).toMatchObject({ sftpOnly: true, sudo: false, shell: '/usr/sbin/nologin' });
    // Root still logs in with a shell.
    const root = await connectToTestServer(server);
    await root.close();
  });

  it('changes a password: the new one logs in, the old one no longer does', async () => {
    await succeed(systemUserPassword, { name: 'devsudo', password_hex: toPasswordHex('Another-pass-42') });
    const client = await login('devsudo', 'Another-pass-42');
    client.end();
    await expect(login('devsudo', SUDO_PASSWORD)).rejects.toThrow();
  });

  it('refuses a password with a line break on the server too (no second chpasswd line)', async () => {
    const result = await run(systemUserPassword, {
      name: 'devsudo',
      password_hex: toPasswordHex('x\nroot:owned'),
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('line break');
    // root's password is unchanged: the panel still logs in.
    const root = await connectToTestServer(server);
    await root.close();
  });

  it('rolls the SFTP jail back when sshd refuses the configuration', async () => {
    await shell(
      'rm -f /etc/ssh/sshd_config.d/hostdeck-sftp.conf; echo "NotAKeyword yes" > /etc/ssh/sshd_config.d/zz-broken.conf',
    );
    const result = await run(systemUsersSync, {});
    expect(result.exitCode).not.toBe(0);
    expect(result.failedStep).toBe('sftp');
    expect((await shell('test -e /etc/ssh/sshd_config.d/hostdeck-sftp.conf')).code).not.toBe(0);
    await shell('rm -f /etc/ssh/sshd_config.d/zz-broken.conf');
    const changes = await succeed(systemUsersSync, {});
    expect(changes.join('\n')).toContain('reloaded ssh');
    expect((await shell('sshd -t && test -f /etc/ssh/sshd_config.d/hostdeck-sftp.conf')).code).toBe(0);
  });

  it('keeps the previous sudo configuration when visudo refuses it', async () => {
    await shell(
      "printf 'this is not sudoers\\n' > /etc/sudoers.d/zzbroken && chmod 0440 /etc/sudoers.d/zzbroken",
    );
    const result = await run(systemUserCreate, {
      name: 'devtwo',
      shell: '/bin/sh',
      sudo: true,
      sftp_only: false,
    });
    expect(result.failedStep).toBe('sudo');
    expect((await shell('test -e /etc/sudoers.d/hostdeck-devtwo')).code).not.toBe(0);
    await shell('rm -f /etc/sudoers.d/zzbroken');
    expect((await shell('visudo -c')).code).toBe(0);
  });

  it('deletes a user with its home and sudo rule; again changes nothing; never a system account', async () => {
    const changes = await succeed(systemUserDelete, { name: 'devsudo' });
    expect(changes.join('\n')).toContain('deleted the user devsudo');
    expect((await shell('id devsudo')).code).not.toBe(0);
    expect((await shell('test -e /home/devsudo || test -e /etc/sudoers.d/hostdeck-devsudo')).code).not.toBe(
      0,
    );
    expect(await succeed(systemUserDelete, { name: 'devsudo' })).toEqual([]);

    await shell('useradd --system --no-create-home svcacct');
    const refused = await run(systemUserDelete, { name: 'svcacct' });
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toContain('system account');
    expect((await shell('id svcacct')).code).toBe(0);
    await expect(run(systemUserDelete, { name: 'root' })).rejects.toBeInstanceOf(RecipeInputError);
    await expect(run(systemUserDelete, { name: 'hostdeck' })).rejects.toBeInstanceOf(RecipeInputError);
  });
});
