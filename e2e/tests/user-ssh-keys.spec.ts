/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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
 * Issue 17 §5 in the browser, on a real server: `/user/ssh-keys` makes a key pair (the private
 * half shown once), adds a pasted public key to the account, adds it to the user `hostdeck` of a
 * server (it is then in that user's authorized_keys on the server), removes it from all servers
 * (gone from the file), and deletes it from the account.
 */
const SERVER_NAME = 'ukeye1';
let server: TestServer;
let dir: string;

test.beforeAll(async () => {
  // The first file to ask for the web image builds it (minutes; npm test's server tier leaves it built).
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'hd-ukeye1-'));
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  if (dir) rmSync(dir, { recursive: true, force: true });
  await stopTestServer(SERVER_NAME);
});

const onServer = async (command: string) =>
  (await runOnTestServer(server, ['bash', '-c', command])).stdout.trim();

test('account SSH keys: generate, add a key, add it to a server user, remove from all, delete', async ({
  page,
}) => {
  test.setTimeout(20 * 60_000);
  const keyFile = path.join(dir, 'id_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'e2e@laptop', '-f', keyFile]);
  const publicKey = readFileSync(`${keyFile}.pub`, 'utf8');
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${keyFile}.pub`], { encoding: 'utf8' }).split(
    ' ',
  )[1]!;

  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'ukey-1',
  );

  await page.goto('/user/ssh-keys');
  await expect(page.getByTestId('page-title')).toHaveText('SSH Keys');
  await expect(page.getByTestId('user-ssh-keys-empty')).toBeVisible();

  // A generated pair: the private key is shown once, then closed without saving.
  await page.getByTestId('user-ssh-keys-generate').click();
  await expect(page.getByTestId('generated-private-key')).toHaveValue(/BEGIN OPENSSH PRIVATE KEY/);
  await expect(page.getByTestId('generated-public-key')).toHaveValue(/^ssh-ed25519 AAAA/);
  await page.getByTestId('generated-close').click();
  await expect(page.getByTestId('user-ssh-keys-empty')).toBeVisible();

  // A key with an option is refused under its field; the pasted .pub line is added.
  await page.getByTestId('user-ssh-keys-add').click();
  await page.getByTestId('user-ssh-key-name').fill('Laptop');
  await page.getByTestId('user-ssh-key-public-key').fill(`command="id" ${publicKey}`);
  await page.getByTestId('user-ssh-key-create-submit').click();
  await expect(page.getByText('A key with options (command=, from=…) cannot be added')).toBeVisible();
  await page.getByTestId('user-ssh-key-public-key').fill(publicKey);
  await page.getByTestId('user-ssh-key-create-submit').click();
  const row = page.locator('[data-name="Laptop"]');
  await expect(row.getByTestId('user-ssh-key-fingerprint')).toHaveText(fingerprint);
  await expect(row.getByTestId('user-ssh-key-placements')).toContainText('Not on any server');

  // Added to the user hostdeck of the server: in its authorized_keys there.
  await row.getByTestId('user-ssh-key-place').click();
  await page.getByTestId(`user-ssh-key-server-${serverId}`).check();
  const users = page.getByTestId(`user-ssh-key-users-${serverId}`);
  await users.fill('hostdeck');
  await users.press('Enter');
  await page.getByTestId('user-ssh-key-place-submit').click();
  await expect(row.getByTestId('user-ssh-key-placements')).toContainText('ukey-1: hostdeck', {
    timeout: 180_000,
  });
  expect(await onServer('ssh-keygen -lf /home/hostdeck/.ssh/authorized_keys')).toContain(fingerprint);
  expect(await onServer('stat -c %a /home/hostdeck/.ssh/authorized_keys')).toBe('600');
  await expect(row.getByTestId('user-ssh-key-delete')).toBeDisabled();

  // Removed from all: gone from the file, and the key can leave the account.
  await row.getByTestId('user-ssh-key-remove-all').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(row.getByTestId('user-ssh-key-placements')).toContainText('Not on any server', {
    timeout: 180_000,
  });
  expect(
    await onServer('ssh-keygen -lf /home/hostdeck/.ssh/authorized_keys 2>/dev/null || true'),
  ).not.toContain(fingerprint);
  await row.getByTestId('user-ssh-key-delete').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(page.getByTestId('user-ssh-keys-empty')).toBeVisible();
});
