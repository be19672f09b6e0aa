import { expect, test } from '@playwright/test';
import { registerVerifiedUser, uniqueEmail } from '../support/accounts';
import { waitForMail } from '../support/mail';

/**
 * Notification settings (issue 23 point 3) on `/user/notifications`: a channel is added, its test
 * message arrives (by mail, through the SMTP capture), the matrix cell it changes stays changed,
 * and an address on the panel's own network is refused with the reason (SSRF rules).
 */
test('notification channels: add, test, matrix, and a refused internal address', async ({ page }) => {
  const email = uniqueEmail('alerts');
  await registerVerifiedUser(page, 'Alert Owner', email);
  await page.goto('/user/notifications');
  await expect(page.getByTestId('alerts-empty')).toBeVisible();

  // A webhook to the panel's own loopback is refused when saved.
  await page.getByTestId('alert-add').click();
  await page.getByTestId('alert-type').locator('..').click();
  await page.getByTestId('alert-type-webhook').click();
  await page.locator('input[name="name"]').fill('Internal');
  await page.locator('input[name="url"]').fill('http://127.0.0.1:9/hook');
  await page.getByTestId('alert-add-submit').click();
  await expect(page.getByText(/This address is not allowed/)).toBeVisible();
  await page.keyboard.press('Escape');

  // An email channel to the account's own address.
  await page.getByTestId('alert-add').click();
  await page.locator('input[name="name"]').fill('My inbox');
  await page.getByTestId('alert-add-submit').click();
  const row = page.locator('[data-testid^="alert-channel-"]').filter({ hasText: 'My inbox' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('alert-channel-target')).toHaveText(email);

  await row.getByTestId('alert-test').click();
  await expect(page.getByText('Test message sent')).toBeVisible();
  expect(await waitForMail(email, /this channel works/)).toContain('this channel works');

  // Successful deployments are off by default; switching the cell on is kept.
  const cell = page.locator('[data-testid$="-deployment.finished"]');
  await expect(cell).not.toBeChecked();
  await cell.click();
  await expect(cell).toBeChecked();
  await page.reload();
  await expect(page.locator('[data-testid$="-deployment.finished"]')).toBeChecked();
  await expect(page.locator('[data-testid$="-deployment.failed"]')).toBeChecked();
});
