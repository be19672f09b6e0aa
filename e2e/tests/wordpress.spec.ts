/// <reference lib="dom" />
import { chromium, expect, test } from '@playwright/test';
import { hostEndAddress } from '../../tools/test-server/npm-mirror';
import {
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';
import { E2E_WORDPRESS_MIRROR_HOST } from '../support/wordpress-fake';

/**
 * WordPress of issue 21 point 3 in the browser, on a real server (the `web` image): WordPress
 * installed from the site's WordPress page (the tarball from the mirror the browser tests start,
 * support/wordpress-fake.ts), then "Sign in to WordPress" opens /wp-admin signed in, and the same
 * link fails the second time. Chromium reaches the site by its domain: this test's own browser
 * maps the domain to the test server (--host-resolver-rules).
 */
const SERVER_NAME = 'wpxe1';
const DOMAIN = 'wpe.test';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(20 * 60_000);
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
  // The server reaches the mirror on the host end of its link by the name the panel was given.
  const result = await runOnTestServer(server, [
    'bash',
    '-c',
    'printf "%s %s\\n" "$1" "$2" >> /etc/hosts',
    'hosts',
    hostEndAddress(server),
    E2E_WORDPRESS_MIRROR_HOST,
  ]);
  expect(result.code, result.stderr).toBe(0);
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

test('install WordPress from the page and sign in with a single-use link', async () => {
  test.setTimeout(40 * 60_000);
  const use = test.info().project.use;
  const browser = await chromium.launch({
    ...use.launchOptions,
    args: [...(use.launchOptions?.args ?? []), `--host-resolver-rules=MAP ${DOMAIN} ${server.address}`],
  });
  try {
    const context = await browser.newContext({ baseURL: use.baseURL });
    const page = await context.newPage();
    await registerVerifiedUser(page);
    const serverId = await connectInstalledServer(page, server, {
      web_server: 'nginx',
      php_versions: ['8.2'],
      database: 'mariadb',
    });
    const created = await apiCall(page, 'POST', '/api/sites', {
      name: DOMAIN,
      server_id: serverId,
      php_version: '8.2',
    });
    const siteId = ((await created.json()) as { id: number }).id;
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/sites/${siteId}`)).json()) as { data: { status: string } })
            .data.status,
        { timeout: 10 * 60_000, intervals: [2000] },
      )
      .toBe('active');

    // Install from the page.
    await page.goto(`/sites/${siteId}/wordpress`);
    await expect(page.getByTestId('site-wordpress-page')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('wordpress-install-title').fill('Playwright Blog');
    await page.getByTestId('wordpress-install-admin').fill('pw-admin');
    await page.getByTestId('wordpress-install-email').fill('pw-admin@wpe.test');
    await page.getByTestId('wordpress-install-submit').click();
    await expect(page.getByTestId('wordpress-event-output')).toContainText('installed WordPress', {
      timeout: 10 * 60_000,
    });
    await expect(page.getByTestId('wordpress-version')).toHaveText('6.1.9', { timeout: 60_000 });

    // The front page is WordPress's, in the browser, by the site's domain.
    const front = await context.newPage();
    await front.goto(`http://${DOMAIN}/`);
    await expect(front.locator('body')).toContainText('Playwright Blog');
    await front.close();

    // Sign in: a new tab opens /wp-admin signed in as the administrator.
    const links: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('hostdeck-login=')) links.push(request.url());
    });
    const [admin] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('wordpress-login').click(),
    ]);
    await admin.waitForURL(/\/wp-admin\/$/, { timeout: 60_000 });
    await expect(admin.locator('#wp-admin-bar-my-account')).toContainText('pw-admin');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(
      new RegExp(`^http://${DOMAIN.replace('.', '\\.')}/\\?hostdeck-login=[0-9a-f]{64}$`),
    );

    // The same link a second time, in a browser without the session: refused.
    const stranger = await browser.newContext();
    const again = await stranger.newPage();
    const answer = await again.goto(links[0]!);
    expect(answer?.status()).toBe(403);
    await expect(again.locator('body')).toContainText('invalid or has expired');
    expect(again.url()).not.toMatch(/wp-admin/);
    await stranger.close();
  } finally {
    await browser.close();
  }
});
