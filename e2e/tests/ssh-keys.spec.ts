/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
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
import { expectListed } from '../support/sections';

/**
 * Issue 17 §4 in the browser, on a real server: `/servers/{s}/ssh-keys` lists the keys of root and
 * the users, the panel's own key locked; a key with `command=` is refused under its field; a key is
 * added to hostdeck from the page (listed with its fingerprint, in the server's authorized_keys),
 * then removed from the page (gone from the file); the server's GitHub key is made and shown.
 */
const SERVER_NAME = 'keye1';
let server: TestServer;
let folder: string;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  folder = mkdtempSync(path.join(os.tmpdir(), 'hd-keye1-'));
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
  rmSync(folder, { recursive: true, force: true });
});

const onServer = async (command: string) =>
  (await runOnTestServer(server, ['bash', '-c', command])).stdout.trim();

test('ssh keys: panel key locked, a key added to hostdeck and removed, the GitHub key made', async ({
  page,
}) => {
  test.setTimeout(20 * 60_000);
  const file = path.join(folder, 'e2e');
  expect(
    spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'e2e@laptop', '-f', file]).status,
  ).toBe(0);
  const publicKey = readFileSync(`${file}.pub`, 'utf8').trim();
  const fingerprint = spawnSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' }).stdout.split(
    ' ',
  )[1]!;

  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'key-1',
  );

  await page.goto(`/servers/${serverId}/ssh-keys`);
  const panelRow = page.locator('[data-testid="ssh-key-row"][data-panel="true"]');
  await expectListed(page, panelRow);
  await expect(panelRow.getByTestId('ssh-key-panel')).toBeVisible();
  await expect(panelRow.getByTestId('ssh-key-remove')).toHaveCount(0);

  // A key with options is refused under its field; nothing is written.
  await page.getByTestId('ssh-keys-add').click();
  await expect(page.getByTestId('ssh-key-form-user-hostdeck')).toBeChecked({ timeout: 30_000 });
  await page.getByTestId('ssh-key-form-public-key').fill(`command="touch /tmp/pwned" ${publicKey}`);
  await page.getByTestId('ssh-key-add-submit').click();
  await expect(page.getByRole('dialog').getByText(/key with options/)).toBeVisible();
  expect(await onServer('grep -c e2e@laptop /home/hostdeck/.ssh/authorized_keys || true')).toMatch(/^0?$/);

  // Added to hostdeck: listed with its fingerprint, and in the user's authorized_keys.
  await page.getByTestId('ssh-key-form-public-key').fill(publicKey);
  await page.getByTestId('ssh-key-add-submit').click();
  await expect(page.getByTestId('ssh-key-add-submit')).toHaveCount(0);
  const row = page.locator(`[data-testid="ssh-key-row"][data-fingerprint="${fingerprint}"]`);
  await expect(row).toBeVisible({ timeout: 120_000 });
  await expect(row.getByTestId('ssh-key-fingerprint')).toHaveText(fingerprint);
  const chip = row.locator('[data-testid="ssh-key-user"][data-user="hostdeck"]');
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
  expect(await onServer('ssh-keygen -l -f /home/hostdeck/.ssh/authorized_keys')).toContain(fingerprint);

  // Removed from the page: gone from the list and from the file.
  await chip.getByTestId('ssh-key-remove').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(row).toHaveCount(0, { timeout: 120_000 });
  expect(await onServer('ssh-keygen -l -f /home/hostdeck/.ssh/authorized_keys || true')).not.toContain(
    fingerprint,
  );

  // The server's GitHub key, made once as the default user.
  await page.getByTestId('ssh-key-github-make').click();
  await expect(page.getByTestId('ssh-key-github-value')).toHaveText(
    /^ssh-ed25519 AAAA\S+ hostdeck-github-\d+$/,
    {
      timeout: 60_000,
    },
  );
  expect(await onServer('cat /home/hostdeck/.ssh/id_ed25519_github.pub')).toBe(
    (await page.getByTestId('ssh-key-github-value').textContent())!.trim(),
  );
});
