/// <reference lib="dom" />
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
 * Issue 17 §3 in the browser, on a real server: `/servers/{s}/ssh` opens on the terminal tab; the
 * "SSH settings" tab shows what sshd uses; MaxAuthTries changed from the form is what `sshd -T`
 * says on the server once the safe-apply event ends; a setting that would lock the panel out is
 * refused under its field.
 */
const SERVER_NAME = 'sshde1';
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

const onServer = async (command: string) =>
  (await runOnTestServer(server, ['bash', '-c', command])).stdout.trim();

test('ssh: terminal first, then MaxAuthTries changed from the settings form and seen in sshd -T', async ({
  page,
}) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'ssh-1',
  );

  await page.goto(`/servers/${serverId}/ssh`);
  await expect(page.getByTestId('ssh-tab-terminal')).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('terminal-mode-remote')).toBeVisible({ timeout: 60_000 });

  await page.getByTestId('ssh-tab-settings').click();
  await expect(page).toHaveURL(/\/ssh\?tab=settings$/);
  const maxAuthTries = page.getByTestId('ssh-field-maxauthtries');
  await expect(maxAuthTries).toHaveValue(
    await onServer('sshd -T | awk \'$1 == "maxauthtries" { print $2 }\''),
    {
      timeout: 60_000,
    },
  );
  await expect(page.getByTestId('ssh-field-port')).toHaveValue('22');

  // The panel logs in as root with its key: turning key logins off is refused under the field.
  const pubkey = page.getByRole('combobox', { name: 'PubkeyAuthentication' });
  await pubkey.click();
  await page.getByRole('option', { name: 'no', exact: true }).click();
  await page.getByTestId('ssh-form-save').click();
  await expect(page.getByText('PubkeyAuthentication no would lock it out').first()).toBeVisible();
  await pubkey.click();
  await page.getByRole('option', { name: 'yes', exact: true }).click();

  await maxAuthTries.fill('3');
  await page.getByTestId('ssh-form-save').click();
  await expect
    .poll(() => onServer('sshd -T | awk \'$1 == "maxauthtries" { print $2 }\''), { timeout: 120_000 })
    .toBe('3');
  expect(await onServer('cat /etc/ssh/sshd_config.d/00-hostdeck.conf')).toContain('MaxAuthTries 3');
  await expect(page.getByTestId('ssh-raw')).toHaveValue(/MaxAuthTries 3/, { timeout: 30_000 });
  await expect(maxAuthTries).toHaveValue('3');
});
