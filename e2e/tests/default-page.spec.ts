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
 * Issue 16, the server's default page (spec/000 §7), in the browser on a real server: on the
 * server's overview, "Edit" shows the page the server has, a new page is saved (an event), and the
 * server's bare IP answers with it from outside; the OpenLiteSpeed page on this Debian server says
 * it needs Ubuntu.
 */
const SERVER_NAME = 'olse1';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => stopTestServer(SERVER_NAME));

test('default page: edited on the overview, served for the bare IP', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'olse-1',
  );

  await page.goto(`/servers/${serverId}`);
  await page.getByTestId('default-page-edit').click();
  const editor = page.getByTestId('default-page-editor').locator('.cm-content');
  await expect(editor).toBeVisible({ timeout: 60_000 });
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  const marker = `Parked by HostDeck ${Date.now()}`;
  await page.keyboard.type(`<h1>${marker}</h1>`);
  await page.getByTestId('default-page-save').click();
  await expect(page.getByTestId('default-page-output')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://${server.address}/`).catch(() => null);
        return response ? await response.text() : '';
      },
      { timeout: 60_000 },
    )
    .toContain(marker);
  expect((await runOnTestServer(server, ['cat', '/var/www/html/index.html'])).stdout).toContain(marker);

  // OpenLiteSpeed is not in Debian's packages: its page says so.
  await page.goto(`/servers/${serverId}/openlitespeed`);
  await expect(page.getByTestId('ols-needs-ubuntu')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('ols-not-installed')).toBeVisible({ timeout: 60_000 });
});
