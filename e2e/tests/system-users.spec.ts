/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import ssh2 from 'ssh2';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * Issue 16 §6 in the browser, on a real server: on `/servers/{s}/users` create a sudo user and an
 * SFTP-only user; the list shows them with their flags. Logging in over SSH with their passwords,
 * the sudo user runs `sudo true` and the SFTP-only user gets no shell but can use SFTP. A password
 * changed on the page logs in (the old one no longer does); the sudo user is deleted from the page
 * and is gone from the server and the list.
 */
const SERVER_NAME = 'usre1';
let server: TestServer;

test.beforeAll(async () => {
  // The first file to ask for the web image builds it (minutes; npm test's server tier leaves it built).
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

/** Logs in as `username` with its password over SSH, runs `command` (stdin optional). */
function sshAs(username: string, password: string, command: string, stdin?: string) {
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const client = new ssh2.Client();
    client
      .on('ready', () => {
        client.exec(command, (error, channel) => {
          if (error) {
            client.end();
            return reject(error);
          }
          let stdout = '';
          channel.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          channel.stderr.on('data', () => {});
          channel.on('close', (code: number | null) => {
            client.end();
            resolve({ code, stdout });
          });
          channel.end(stdin);
        });
      })
      .on('error', reject)
      .connect({ host: server.address, port: server.port, username, password, readyTimeout: 15_000 });
  });
}

/** SFTP as `username`: writes a file in its home and answers where the session starts. */
function sftpAs(username: string, password: string) {
  return new Promise<string>((resolve, reject) => {
    const client = new ssh2.Client();
    client
      .on('ready', () => {
        client.sftp((error, sftp) => {
          if (error) return reject(error);
          sftp.realpath('.', (realError, cwd) => {
            if (realError) return reject(realError);
            sftp.writeFile(`${cwd}/hello.txt`, 'hi', (writeError) => {
              client.end();
              if (writeError) reject(writeError);
              else resolve(cwd);
            });
          });
        });
      })
      .on('error', reject)
      .connect({ host: server.address, port: server.port, username, password, readyTimeout: 15_000 });
  });
}

const userRow = (page: Page, name: string) =>
  page.locator(`[data-testid="system-user-row"][data-name="${name}"]`);

async function createUser(page: Page, name: string, password: string, kind: 'sudo' | 'sftp') {
  await page.getByTestId('system-user-create').click();
  await page.getByTestId('system-user-name').fill(name);
  await page.getByTestId('system-user-password-input').fill(password);
  await page.getByTestId(kind === 'sudo' ? 'system-user-sudo-switch' : 'system-user-sftp-switch').check();
  await page.getByTestId('system-user-create-submit').click();
  await expect(page.getByTestId('system-user-create-submit')).toHaveCount(0);
  await expect(userRow(page, name)).toBeVisible({ timeout: 120_000 });
  await expect(userRow(page, name).getByTestId('system-user-delete')).toBeVisible({ timeout: 120_000 });
}

test('system users: sudo and SFTP-only users made, changed and deleted from the page', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'usr-1',
  );

  await page.goto(`/servers/${serverId}/users`);
  // The default Linux user is listed, read from the server, and cannot be deleted.
  await expect(userRow(page, 'hostdeck')).toBeVisible({ timeout: 60_000 });
  await expect(userRow(page, 'hostdeck').getByTestId('system-user-delete')).toBeDisabled();

  const sudoPassword = 'Sudo pass: 1 $(x) ;';
  await createUser(page, 'opsadmin', sudoPassword, 'sudo');
  await expect(userRow(page, 'opsadmin').getByTestId('system-user-sudo')).toBeVisible();
  const sudo = await sshAs(
    'opsadmin',
    sudoPassword,
    "sudo -S -p '' true && echo SUDO-OK",
    `${sudoPassword}\n`,
  );
  expect(sudo.stdout).toContain('SUDO-OK');

  const sftpPassword = 'Sftp "pass" `x`';
  await createUser(page, 'uploader', sftpPassword, 'sftp');
  await expect(userRow(page, 'uploader').getByTestId('system-user-sftp')).toBeVisible();
  await expect(userRow(page, 'uploader')).toContainText('/usr/sbin/nologin');
  const shell = await sshAs('uploader', sftpPassword, 'echo SHELL-REACHED; id');
  expect(shell.stdout).not.toContain('SHELL-REACHED');
  expect(await sftpAs('uploader', sftpPassword)).toBe('/uploader');
  const uploaded = await runOnTestServer(server, ['stat', '-c', '%U', '/home/uploader/hello.txt']);
  expect(uploaded.stdout.trim()).toBe('uploader');

  // A new password from the page: it logs in, the old one no longer does.
  const newPassword = 'Fresh-password-2026';
  await userRow(page, 'uploader').getByTestId('system-user-password').click();
  await page.getByTestId('system-user-new-password').fill(newPassword);
  await page.getByTestId('system-user-password-submit').click();
  await expect(page.getByTestId('system-user-password-submit')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        sftpAs('uploader', newPassword).then(
          () => true,
          () => false,
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
  await expect(sftpAs('uploader', sftpPassword)).rejects.toThrow();

  // Delete the sudo user: gone from the list and from the server.
  await userRow(page, 'opsadmin').getByTestId('system-user-delete').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(userRow(page, 'opsadmin')).toHaveCount(0, { timeout: 120_000 });
  expect((await runOnTestServer(server, ['id', 'opsadmin'])).code).not.toBe(0);
  expect((await runOnTestServer(server, ['test', '-e', '/etc/sudoers.d/hostdeck-opsadmin'])).code).not.toBe(
    0,
  );
  await expect(userRow(page, 'uploader')).toBeVisible();
});
