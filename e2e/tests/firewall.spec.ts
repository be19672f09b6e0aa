/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
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
 * Issue 17 §2 in the browser, on a real server: `/servers/{s}/network` shows ufw's rules as read
 * from the server (provisioning left it on with SSH, 80 and 443), the SSH rule locked and the
 * listening ports beside them; a rule is created from the form (a bad source refused under its
 * field first), is in `ufw status` on the server with the panel's comment, and is deleted from
 * the page. Each change is a safe apply that the panel confirms by reconnecting.
 */
const SERVER_NAME = 'fwe1';
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
const ruleRows = (page: Page, name: string) =>
  page.locator(`[data-testid="firewall-rule-row"][data-name="${name}"]`);

test('firewall: a rule created from the page is in ufw on the server, then deleted; SSH stays locked', async ({
  page,
}) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'fw-1',
  );

  await page.goto(`/servers/${serverId}/network`);
  await expect(page.getByTestId('firewall-status')).toHaveAttribute('data-active', 'true', {
    timeout: 60_000,
  });
  const ssh = page.locator('[data-testid="firewall-rule-row"][data-port="22"]').first();
  await expect(ssh).toHaveAttribute('data-locked', 'true');
  await expect(ssh.getByTestId('firewall-rule-delete')).toHaveCount(0);
  await expect(page.locator('[data-testid="firewall-listening-row"][data-port="22"]').first()).toBeVisible();

  // The form refuses a bad source under its field before anything is sent.
  await page.getByTestId('firewall-add').click();
  await page.getByTestId('firewall-form-name').fill('e2e web');
  await page.getByTestId('firewall-form-port').fill('8081');
  await page.getByTestId('firewall-form-source').fill('10.0.0.1/33');
  await page.getByTestId('firewall-create-submit').click();
  await expect(page.getByRole('dialog').getByText('Invalid IP')).toBeVisible();
  await page.getByTestId('firewall-form-source').fill('');
  await page.getByTestId('firewall-create-submit').click();
  await expect(page.getByTestId('firewall-create-submit')).toHaveCount(0);

  const rows = ruleRows(page, 'e2e web');
  await expect(rows.first()).toBeVisible({ timeout: 120_000 });
  await expect(rows.first()).toHaveAttribute('data-managed', 'true');
  await expect(rows.first()).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
  expect(await onServer('ufw status')).toMatch(/^8081\/tcp +ALLOW +Anywhere +# hostdeck:e2e web$/m);

  // Deleted from the page: gone from the list and from ufw; SSH still allowed.
  await rows.first().getByTestId('firewall-rule-delete').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(rows).toHaveCount(0, { timeout: 120_000 });
  const status = await onServer('ufw status');
  expect(status).not.toContain('hostdeck:e2e web');
  expect(status).toMatch(/^22\/tcp +ALLOW +Anywhere *$/m);
});
