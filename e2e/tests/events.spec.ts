/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  bootTestServer,
  resetTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { createEnglishCheck, readableTexts } from '../support/english-check';
import { pointPebbleAt } from '../support/pebble';
import { connectInstalledServer } from '../support/servers';

/**
 * Issue 26, items 7, 9 and 10 on a real server, read in Vietnamese from the start:
 * - a failed install of an application (PHP 8.3, whose repository the test server cannot reach)
 *   shows on its row with a link to its output, and the log says what the repository step does;
 * - the events page names each event's server and site and opens its output in view; the Deploy
 *   and SSL "Output" buttons far down their pages bring the output into view;
 * - no English is left on the events page, the Apps page, the server page, the bell, the SSL page
 *   or the output dialogs: statuses, event names and error lines included.
 */
const SERVER_NAME = 'e2e-evt';
const DOMAIN = 'events.test';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => stopTestServer(SERVER_NAME));

/** Whether the element's top edge is on screen (an output opened "in view" starts there). */
async function topIsInView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight;
  });
}

/**
 * Flips the language switch once the signed-in shell is there, and waits until the panel saved the
 * choice: a page load applies the preferences saved on the panel.
 */
async function switchLanguage(page: Page, language: 'en' | 'vi') {
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/preferences') && response.request().method() === 'PUT',
  );
  await page.getByTestId('language-switch').click();
  expect((await saved).ok()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

async function siteStatus(page: Page, siteId: number): Promise<string> {
  const response = await page.request.get(`/api/sites/${siteId}`);
  return ((await response.json()) as { data: { status: string } }).data.status;
}

test('events say where they ran, open their output in view, and read in Vietnamese', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  const english = createEnglishCheck();
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'evt-1',
  );
  const created = await apiCall(page, 'POST', '/api/sites', {
    name: DOMAIN,
    server_id: serverId,
    php_version: '8.2',
  });
  const siteId = ((await created.json()) as { id: number }).id;
  await expect.poll(() => siteStatus(page, siteId), { timeout: 5 * 60_000 }).toBe('active');

  // Vietnamese from here on: the events below are started by a Vietnamese reader.
  await page.goto('/servers');
  await switchLanguage(page, 'vi');

  // --- Item 7: PHP 8.3 needs packages.sury.org, which the test server cannot reach.
  await page.goto(`/servers/${serverId}/applications`);
  const php = page.locator('[data-testid="application-row"][data-app="php8.3"]');
  await php.getByTestId('application-install').click();
  await expect(php).toHaveAttribute('data-install-failed', 'true', { timeout: 5 * 60_000 });
  const failure = php.getByTestId('application-install-failure');
  await expect(failure).toContainText('Cài đặt thất bại');
  await expect(failure).toContainText('Bước "Thêm kho gói của ứng dụng khi cần" thất bại');
  await expect(php.getByTestId('application-install')).toBeVisible();
  await english.expectNone(page, 'the Apps page with a failed install');
  await php.getByTestId('application-failure-output').click();
  const dialog = page.getByTestId('event-output-dialog');
  await expect(dialog).toBeInViewport();
  await expect(dialog).toContainText('Cài đặt PHP 8.3');
  const installLog = dialog.getByTestId('shell-output-text');
  // The repository step says what it does, and nothing later contradicts it.
  await expect(installLog).toContainText('PHP 8.3 is not in the distribution: adding the repository');
  await expect(installLog).toContainText('could not download the packages.sury.org keyring');
  await expect(installLog).not.toContainText('no third-party repository is needed');
  await english.expectNone(page, 'the output of the failed install');
  await page.getByTestId('event-output-close').click();

  // --- A failed deployment: its "Output" at the bottom of the page brings the output into view.
  await page.goto(`/sites/${siteId}/deployment`);
  await page.locator('input[name="repository"]').fill('git@127.0.0.1:/srv/git/missing.git');
  await page.locator('input[name="branch"]').fill('main');
  await page.getByTestId('deploy-repository-save').click();
  await expect(page.getByTestId('deploy-now')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('deploy-now').click();
  const deployment = page.getByTestId('deployment-row').first();
  await expect(deployment).toHaveAttribute('data-status', 'failed', { timeout: 5 * 60_000 });
  await page.reload();
  const deployOutputButton = page.getByTestId('deployment-row').first().getByTestId('deployment-output');
  await deployOutputButton.scrollIntoViewIfNeeded();
  await deployOutputButton.click();
  const deployOutput = page.getByTestId('deploy-output');
  await expect(deployOutput).toBeFocused();
  await expect.poll(() => topIsInView(deployOutput)).toBe(true);
  // Asked again once scrolled away, it comes back into view.
  await deployOutputButton.scrollIntoViewIfNeeded();
  await expect.poll(() => topIsInView(deployOutput)).toBe(false);
  await deployOutputButton.click();
  await expect.poll(() => topIsInView(deployOutput)).toBe(true);

  // --- A certificate from the local ACME server: its "Output" brings the output into view too.
  await pointPebbleAt(DOMAIN, server.address);
  await page.goto(`/sites/${siteId}/ssl`);
  await page.getByTestId('ssl-free').click();
  await page.getByTestId('ssl-free-submit').click();
  await expect(page.getByTestId('ssl-output').getByTestId('status-badge')).toHaveAttribute(
    'data-status-kind',
    /success|error/,
    { timeout: 5 * 60_000 },
  );
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.reload();
  const certificateOutput = page.getByTestId('certificate-output').first();
  await certificateOutput.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await certificateOutput.click();
  const sslOutput = page.getByTestId('ssl-output');
  await expect(sslOutput).toBeFocused();
  await expect.poll(() => topIsInView(sslOutput)).toBe(true);
  // With the button at the top of the screen the output above it is out of view; asked again, it
  // comes back.
  await certificateOutput.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await expect.poll(() => topIsInView(sslOutput)).toBe(false);
  await certificateOutput.click();
  await expect.poll(() => topIsInView(sslOutput)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('site-ssl-page')).toContainText('Tiêu đề HTTP');
  await english.expectNone(page, 'the SSL page with a certificate event');

  // --- Item 9: the events page names the server and the site, and opens an event's output.
  await page.goto('/servers/events');
  const rows = page.getByTestId('event-row');
  await expect(rows.first()).toBeVisible();
  const phpRow = rows.filter({ hasText: 'Cài đặt PHP 8.3' });
  await expect(phpRow).toHaveCount(1);
  await expect(phpRow.getByTestId('event-server-link')).toHaveText('evt-1');
  await expect(phpRow.getByTestId('event-server-link')).toHaveAttribute('href', `/servers/${serverId}`);
  await expect(phpRow.getByTestId('event-error')).toContainText('Bước "Thêm kho gói của ứng dụng khi cần"');
  const deployRow = rows.filter({ hasText: `Triển khai ${DOMAIN}` });
  await expect(deployRow.getByTestId('event-site-link')).toHaveText(DOMAIN);
  await expect(deployRow.getByTestId('event-site-link')).toHaveAttribute('href', `/sites/${siteId}`);
  await expect(rows.filter({ hasText: 'Cài đặt máy chủ' })).toHaveCount(1);
  await expect(rows.filter({ hasText: `Tạo website ${DOMAIN}` })).toHaveCount(1);
  await english.expectNone(page, 'the events page');
  // The check can see what it looks for: in English the same page names its events in English.
  await switchLanguage(page, 'en');
  await expect(rows.filter({ hasText: 'Install PHP 8.3' })).toHaveCount(1);
  expect(english.englishIn(await readableTexts(page))).toEqual(
    expect.arrayContaining(['Install PHP 8.3', 'Provision the server', 'FINISHED', 'ERROR']),
  );
  await switchLanguage(page, 'vi');

  await page.setViewportSize({ width: 1280, height: 420 });
  const phpOutput = phpRow.getByTestId('event-output');
  await phpOutput.scrollIntoViewIfNeeded();
  await phpOutput.click();
  await expect(dialog).toBeInViewport();
  await expect(dialog.getByTestId('event-output-error')).toContainText(
    'Bước "Thêm kho gói của ứng dụng khi cần"',
  );
  await expect(dialog.getByTestId('shell-output-text')).toContainText('packages.sury.org');
  await english.expectNone(page, 'an event output opened from the events page');
  await page.getByTestId('event-output-close').click();
  await page.setViewportSize({ width: 1280, height: 720 });

  // --- The bell, the server page and the Apps page, with finished and failed events.
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByTestId('notifications-panel')).toBeVisible();
  await expect(page.getByTestId('notifications-panel')).toContainText('Cài đặt PHP 8.3');
  await english.expectNone(page, 'the notifications panel');
  await page.keyboard.press('Escape');

  await page.goto(`/servers/${serverId}`);
  await expect(page.getByTestId('server-status')).toContainText('ĐÃ CÀI ĐẶT');
  await expect(page.getByTestId('system-info')).toBeVisible({ timeout: 60_000 });
  await english.expectNone(page, 'the server page');

  await page.goto(`/servers/${serverId}/applications`);
  await expect(page.locator('[data-testid="application-row"][data-app="nginx"]')).toHaveAttribute(
    'data-installed',
    'true',
    { timeout: 60_000 },
  );
  await english.expectNone(page, 'the Apps page');
});
