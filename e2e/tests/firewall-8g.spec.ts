/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * Issue 21 §7, a site's 8G firewall in the browser on a real server (the `web` image): on the
 * site's settings page the switch asks first, the event's output shows, and once it is on the site
 * refuses an attack-looking request with 403 while a normal one answers 200; turned off, the same
 * request answers 200 again.
 */
const SERVER_NAME = 'f8g-e2e';
const SITE = 'f8g.test';
const ATTACK = '/?q=<script>alert(1)</script>';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => stopTestServer(SERVER_NAME));

async function status(path: string): Promise<string> {
  const result = await runOnTestServer(server, [
    'curl',
    '-g',
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    `Host: ${SITE}`,
    `http://127.0.0.1${path}`,
  ]);
  return result.stdout.trim();
}

async function createSite(page: Page, serverId: number): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/sites', { name: SITE, server_id: serverId });
  const siteId = ((await response.json()) as { id: number }).id;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/sites/${siteId}`)).json()) as {
          data: { status: string };
        };
        if (body.data.status === 'failed') throw new Error('site creation failed');
        return body.data.status;
      },
      { timeout: 10 * 60_000, intervals: [2000] },
    )
    .toBe('active');
  return siteId;
}

test('8G firewall: turned on and off on the site settings page, refusing attacks only while on', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'f8g-1',
  );
  const siteId = await createSite(page, serverId);
  await runOnTestServer(server, ['bash', '-c', `printf 'hello\\n' > /home/hostdeck/${SITE}/index.html`]);
  expect(await status(ATTACK)).toBe('200');

  await page.goto(`/sites/${siteId}/settings`);
  const card = page.getByTestId('site-firewall-8g-card');
  await expect(card).toBeVisible({ timeout: 60_000 });
  const toggle = page.getByTestId('site-firewall-8g');
  await expect(toggle).not.toBeChecked();

  await toggle.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Turn on the 8G firewall?');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('site-firewall-8g-output')).toBeVisible({ timeout: 30_000 });
  await expect(toggle).toBeChecked({ timeout: 5 * 60_000 });
  await expect(toggle).toBeEnabled({ timeout: 5 * 60_000 });
  await expect(card).toContainText('8G firewall on');
  expect(await status(ATTACK)).toBe('403');
  expect(await status('/')).toBe('200');

  await toggle.click();
  await expect(dialog).toContainText('Turn off the 8G firewall?');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(toggle).not.toBeChecked({ timeout: 5 * 60_000 });
  await expect(toggle).toBeEnabled({ timeout: 5 * 60_000 });
  await expect(card).toContainText('8G firewall off');
  expect(await status(ATTACK)).toBe('200');
});
