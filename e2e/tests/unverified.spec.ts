/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { findLink, waitForMail } from '../support/mail';
import { startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Issue 26, item 8: a user who has not verified their address yet. No error shows for that
 * expected state (the bell asked for events the panel refuses them, and every page load showed a
 * red "Your email address is not verified."), they reach their profile to correct a mistyped
 * address and get a new verification mail there; on a panel without SMTP the verification page
 * points to the outbox where the mail waits.
 */

/** Every snackbar the page shows, however briefly, with its colour, kept in the page. */
async function recordSnackbars(page: Page) {
  await page.addInitScript(() => {
    const seen: { color: string; text: string }[] = [];
    (window as unknown as { snackbars: typeof seen }).snackbars = seen;
    new MutationObserver(() => {
      for (const element of Array.from(document.querySelectorAll('[data-testid="snackbar"]'))) {
        const entry = { color: element.getAttribute('data-color') ?? '', text: element.textContent ?? '' };
        if (!seen.some((known) => known.color === entry.color && known.text === entry.text)) seen.push(entry);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return async () =>
    page.evaluate(() => (window as unknown as { snackbars: { color: string; text: string }[] }).snackbars);
}

/** The API calls the page made that the panel refused with 403. */
function recordRefusals(page: Page) {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() === 403) {
      refused.push(`${response.request().method()} ${url.pathname}`);
    }
  });
  return refused;
}

async function registerThroughForm(page: Page, email: string) {
  await page.goto('/register');
  await page.locator('input[name="name"]').fill('Typo Person');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/email\/verify$/);
}

test('an unverified user sees no error, corrects the address in the profile and gets a new link', async ({
  page,
}) => {
  const snackbars = await recordSnackbars(page);
  const refused = recordRefusals(page);
  const mistyped = uniqueEmail('typo');
  await registerThroughForm(page, mistyped);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('verify-resend')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await snackbars()).filter((shown) => shown.color === 'error')).toEqual([]);
  expect(refused).toEqual([]);
  // Mail goes out over SMTP on this panel: no outbox to point to.
  await expect(page.getByTestId('outbox-hint')).toHaveCount(0);

  // "Edit profile" on the verification page, and the banner's profile link, both stay there.
  await page.getByTestId('verify-edit-profile').click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByTestId('profile-unverified')).toBeVisible();
  await page.goto('/email/verify');
  await page.getByTestId('verify-email-profile').click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await page.reload();
  await expect(page).toHaveURL(/\/user\/profile$/);

  // The corrected address gets its own link, and stays unverified until it is followed.
  const corrected = uniqueEmail('fixed');
  await page.getByTestId('profile-email').fill(corrected);
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-unverified')).toBeVisible();
  const mail = await waitForMail(corrected, /email\/verify\/confirm#token=/);
  const info = (await (await page.request.get('/api/info')).json()) as {
    user: { email: string; email_verified: boolean };
  };
  expect(info.user).toMatchObject({ email: corrected, email_verified: false });
  await page.goto('/servers');
  await expect(page).toHaveURL(/\/email\/verify$/);

  await page.goto(findLink(mail, '/email/verify/confirm'));
  await expect(page.getByTestId('confirm-email-status')).toHaveAttribute('data-state', 'success');
  await page.goto('/servers');
  await expect(page).toHaveURL(/\/servers$/);
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);

  expect((await snackbars()).filter((shown) => shown.color === 'error')).toEqual([]);
  expect(refused).toEqual([]);
});

test.describe('a panel without SMTP', () => {
  let panel: SecondPanel;
  test.beforeAll(async ({ browser }) => {
    // No MAIL_URL: mail is kept in the outbox.
    panel = await startSecondPanel(browser, Number(process.env.E2E_OUTBOX_PANEL_PORT ?? 18_091), {});
  });
  test.afterAll(async () => panel?.stop());

  test('points the unverified user to the outbox, where the verification mail waits', async () => {
    const context = await panel.newContext();
    const page = await context.newPage();
    const snackbars = await recordSnackbars(page);
    const email = uniqueEmail('no-smtp');
    await registerThroughForm(page, email);
    await expect(page.getByTestId('outbox-hint')).toBeVisible();
    await page.getByTestId('outbox-hint-open').click();
    await expect(page).toHaveURL(/\/dev\/outbox$/);
    const message = page.getByTestId('outbox-message').filter({ hasText: email });
    await expect(message).toHaveCount(1);
    await message.click();
    const link = page.locator('a[href*="/email/verify/confirm#token="]').first();
    await expect(link).toBeVisible();
    await page.goto((await link.getAttribute('href'))!);
    await expect(page.getByTestId('confirm-email-status')).toHaveAttribute('data-state', 'success');
    await page.goto('/servers');
    await expect(page).toHaveURL(/\/servers$/);
    expect((await snackbars()).filter((shown) => shown.color === 'error')).toEqual([]);
    await context.close();
  });
});
