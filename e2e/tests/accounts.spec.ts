/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  registerVerifiedUser,
  signInThroughForm,
  totpCode,
  uniqueEmail,
} from '../support/accounts';
import { findLink, waitForMail } from '../support/mail';

test('register, receive the verification mail over SMTP and follow its link', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await page.locator('input[name="name"]').fill('New Person');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByTestId('register-submit').click();

  // Signed in but unverified: the guard keeps the user on the verification page, with the banner.
  await expect(page).toHaveURL(/\/email\/verify$/);
  await expect(page.getByTestId('verify-resend')).toBeVisible();

  const mail = await waitForMail(email, /email\/verify\/confirm#token=/);
  const link = findLink(mail, '/email/verify/confirm');
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByTestId('confirm-email-status')).toHaveAttribute('data-state', 'success');

  await page.goto('/servers');
  await expect(page).toHaveURL(/\/servers$/);
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  await expect(page.getByTestId('left-drawer')).toBeVisible();
});

test('sign out, then sign in again with a TOTP code', async ({ page }) => {
  // The test waits for the next 30 s TOTP window on purpose (replays are refused), so it needs more
  // than the default 30 s.
  test.setTimeout(90_000);
  const { email } = await registerVerifiedUser(page);
  await page.goto('/user/profile');
  await page.getByTestId('two-factor-enable').click();
  await page.getByRole('dialog').locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId('two-factor-password-submit').click();
  await expect(page.getByTestId('two-factor-qr')).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.locator('input[name="code"]').fill(totpCode(secret));
  await page.getByTestId('two-factor-confirm-submit').click();
  await expect(page.getByTestId('two-factor-recovery-codes')).toContainText(
    /[A-Za-z0-9]{10}-[A-Za-z0-9]{10}/,
  );

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/two-factor-challenge$/);
  // A code from the same 30 s window as the confirmation is refused as a replay; wait for the next one.
  const now = Date.now();
  await page.waitForTimeout(30_000 - (now % 30_000) + 200);
  await page.locator('input[name="code"]').fill(totpCode(secret));
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/servers$/);
  await expect(page.getByTestId('profile-menu-button')).toBeVisible();
});

test('log out other browser sessions from a second browser context', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { email } = await registerVerifiedUser(page);
  await page.goto('/servers');
  // The first page of a fresh browser under the server tier's load (load 14 on two cores): its
  // scripts alone took 15 s to parse here, so this wait is the test's, not the expect default.
  await expect(page.getByTestId('left-drawer')).toBeVisible({ timeout: 45_000 });

  const second = await browser.newContext();
  const other = await second.newPage();
  await signInThroughForm(other, email);
  await expect(other).toHaveURL(/\/servers$/);
  await other.goto('/user/profile');
  await expect(other.getByTestId('session-row')).toHaveCount(2);
  await expect(other.locator('[data-testid="session-row"][data-current="true"]')).toHaveCount(1);
  await other.getByTestId('sessions-logout-others').click();
  await other.getByRole('dialog').locator('input[name="password"]').fill(PASSWORD);
  await other.getByTestId('sessions-password-submit').click();
  await expect(other.getByTestId('session-row')).toHaveCount(1);

  // The first browser's session is gone: its next navigation goes to sign-in.
  await page.goto('/servers');
  await expect(page).toHaveURL(/\/user\/login$/);
  await second.close();
});

test('a reset link is mailed with the configured base URL and sets a new password', async ({
  page,
  browser,
}) => {
  const { email } = await registerVerifiedUser(page);
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto('/forgot-password');
  await visitor.locator('input[name="email"]').fill(email);
  await visitor.getByTestId('forgot-submit').click();
  const mail = await waitForMail(email, /reset-password#token=/);
  await visitor.goto(findLink(mail, '/reset-password'));
  await visitor.locator('input[name="password"]').fill('a brand new passphrase');
  await visitor.locator('input[name="password_confirmation"]').fill('a brand new passphrase');
  await visitor.getByTestId('reset-submit').click();
  await expect(visitor).toHaveURL(/\/(user\/)?login/);
  await signInThroughForm(visitor, email, 'a brand new passphrase');
  await expect(visitor).toHaveURL(/\/servers$/);
  await anonymous.close();
});
