/// <reference lib="dom" />
import { expect, test, type Locator } from '@playwright/test';
import { registerVerifiedUser } from '../support/accounts';

/**
 * Issue 26, the parts that need no server: the Servers title on a phone, the connect form's
 * defaults, lists that fail to load (never shown as empty), and the browser tab's title.
 */

/** How many lines the element's text takes, as laid out. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}

test('on a phone the Servers title stays on one line', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerVerifiedUser(page);
  for (const [path, testId] of [
    ['/servers', 'server-list-connect'],
    ['/sites', 'site-list-create'],
  ] as const) {
    await page.goto(path);
    const title = page.getByTestId('page-title');
    await expect(title).toBeVisible();
    await expect(page.getByTestId(testId)).toBeVisible();
    expect(await lineCount(title), `${path}: ${await title.textContent()}`).toBe(1);
  }
  // The same in Vietnamese, whose titles are longer.
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.goto('/servers');
  expect(await lineCount(page.getByTestId('page-title'))).toBe(1);
});

test('the connect form starts with the newest PHP and MariaDB', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/servers/create');
  await expect(page.getByTestId('connect-php-8.4')).toBeChecked();
  for (const version of ['8.3', '8.2', '8.1', '8.0', '7.4'])
    await expect(page.getByTestId(`connect-php-${version}`)).not.toBeChecked();
  await expect(page.getByTestId('connect-database-mariadb')).toBeChecked();
  await expect(page.getByTestId('connect-web-server-nginx')).toBeChecked();
});

test('a list that fails to load says so with a Retry, and is not shown as empty', async ({ page }) => {
  await registerVerifiedUser(page);
  for (const [path, failure, empty] of [
    ['/servers', 'servers-failure', 'servers-empty'],
    ['/sites', 'sites-failure', 'sites-empty'],
  ] as const) {
    // The list call only (the page's own path under /api), answered as a panel that is down.
    const api = (url: URL) => url.pathname === `/api${path}`;
    await page.route(api, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Down for a moment', id: 'unavailable' }),
      }),
    );
    await page.goto(path);
    await expect(page.getByTestId(failure)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId(failure)).toContainText('Down for a moment');
    await expect(page.getByTestId(empty)).toHaveCount(0);
    await page.unroute(api);
    await page.getByTestId(`${failure}-retry`).click();
    await expect(page.getByTestId(empty)).toBeVisible();
    await expect(page.getByTestId(failure)).toHaveCount(0);
  }
});

test('the browser tab names the page, in the reader’s language', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page).toHaveTitle('Servers · HostDeck');
  await page.goto('/sites');
  await expect(page).toHaveTitle('Sites · HostDeck');
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page).toHaveTitle('Trang web · HostDeck');
});
