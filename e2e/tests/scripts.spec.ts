import { expect, test, type Page } from '@playwright/test';
import { registerVerifiedUser, signInAsE2eAdmin } from '../support/accounts';

/**
 * Issue 22 point 6 in the browser, with three browser contexts: an author writes a shared script on
 * /user/scripts (it waits for review); the panel administrator opens the admin area from the profile
 * menu, sees shellcheck's finding for the unquoted variable and approves it; another user then finds
 * it in the /scripts marketplace and in the terminal picker's Share Scripts list, and has no admin
 * area. The author's edit sends it back to review and out of the marketplace.
 */
const MEMO = `Clean cache ${Date.now().toString(36)}`;
const CONTENT = 'target=$1\nrm -rf $target/cache\necho cleaned\n';

async function scriptCard(page: Page) {
  const card = page.locator(`[data-testid^="script-"][data-memo="${MEMO}"]`);
  await expect(card).toBeVisible();
  return card;
}

test('a shared script is approved by the administrator and reaches the marketplace', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // The author.
  await registerVerifiedUser(page, 'Sam Author');
  await page.goto('/user/scripts');
  await page.getByTestId('scripts-create').click();
  await page.getByTestId('terminal-script-memo').fill(MEMO);
  await page.getByTestId('terminal-script-content').fill(CONTENT);
  await page.getByRole('checkbox', { name: /Share with other users/ }).check();
  await page.getByTestId('terminal-script-save').click();
  const card = await scriptCard(page);
  const id = Number((await card.getAttribute('data-testid'))!.replace('script-', ''));
  await expect(page.getByTestId(`script-review-${id}`)).toHaveText('Waiting for review');

  // Another user: nothing in the marketplace yet, and no admin area.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await registerVerifiedUser(reader, 'Rita Reader');
  await reader.goto('/scripts');
  await reader.getByTestId('scripts-search').fill(MEMO);
  await expect(reader.getByText('No scripts found.')).toBeVisible();
  await reader.getByTestId('profile-menu-button').click();
  await expect(reader.getByTestId('profile-menu')).toBeVisible();
  await expect(reader.getByTestId('profile-menu-admin')).toHaveCount(0);
  await reader.keyboard.press('Escape');
  await reader.goto('/admin');
  await expect(reader.getByTestId('not-found-title')).toBeVisible();

  // The administrator reviews it from the admin area.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsE2eAdmin(admin);
  await admin.goto('/servers');
  await admin.getByTestId('profile-menu-button').click();
  await admin.getByTestId('profile-menu-admin').click();
  await expect(admin).toHaveURL(/\/admin$/);
  const review = admin.getByTestId(`admin-review-${id}`);
  await expect(review).toBeVisible();
  await expect(review.getByTestId(`admin-findings-${id}`)).toContainText('SC2086');
  await expect(review.getByTestId(`admin-findings-${id}`)).toContainText('line 2');
  await review.getByTestId(`admin-approve-${id}`).click();
  await expect(review).toHaveCount(0);
  await admin.getByTestId('admin-tab-users').click();
  // Every account of the panel, ten a page in the order they came (the browser tier's panel has
  // dozens by now: the administrator's own row need not be on the first page).
  await expect(admin.getByTestId('admin-users')).toContainText('@example.test');

  // The other user finds it in the marketplace, and in the terminal's Share Scripts list.
  await reader.goto('/scripts');
  await reader.getByTestId('scripts-search').fill(MEMO);
  await expect(reader.locator(`[data-memo="${MEMO}"]`)).toContainText('by Sam Author');
  const shared = await reader.request.get(`/api/scripts?search=${encodeURIComponent(MEMO)}`);
  expect((await shared.json()).data.map((script: { id: number }) => script.id)).toEqual([id]);

  // The author sees it approved; an edit sends it back to review and out of the marketplace.
  await page.reload();
  // A reload on a busy test machine may take a while to bring the page back.
  await expect(page.getByTestId(`script-review-${id}`)).toHaveText('Approved', { timeout: 60_000 });
  await page.getByTestId(`script-edit-${id}`).click();
  await page.getByTestId('terminal-script-content').fill('rm -rf "${1:?}/cache"\n');
  await page.getByTestId('terminal-script-save').click();
  await expect(page.getByTestId(`script-review-${id}`)).toHaveText('Waiting for review');
  await reader.reload();
  await expect(reader.getByTestId('scripts-search')).toBeVisible({ timeout: 60_000 });
  await reader.getByTestId('scripts-search').fill(MEMO);
  await expect(reader.getByText('No scripts found.')).toBeVisible();

  await readerContext.close();
  await adminContext.close();
});
