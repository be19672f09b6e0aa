import { expect, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL, apiRequest, signInAsE2eAdmin, uniqueEmail } from '../support/accounts';
import { findLink, waitForMail } from '../support/mail';

/**
 * Partner area (docs/partner-api.md): a visitor's contact message and subscription reach the
 * administrator's tabs, and the administrator marks an account as a partner with the users list's
 * switch, and takes the mark away again.
 */
test('contact messages, subscribers and the partner switch in the admin area', async ({ browser, page }) => {
  // A visitor sends the contact form and subscribes (anonymous, with the panel's form token).
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  const email = uniqueEmail('visitor');
  const subject = `Question ${email}`;
  const token = (await (await form.request.get('/api/forms/token')).json()).form_token as string;
  // The form must have been open a few seconds (the minimum fill time): sent again until accepted.
  await expect
    .poll(
      async () =>
        (
          await form.request.post('/api/contact', {
            data: { name: 'Visitor', email, subject, message: 'Do you host WordPress?', form_token: token },
          })
        ).status(),
      { intervals: [1000], timeout: 15_000 },
    )
    .toBe(200);
  const subscribed = await form.request.post('/api/subscribes', { data: { email, form_token: token } });
  expect(subscribed.status()).toBe(200);
  // The confirmation link of the mail confirms, once.
  const link = findLink(await waitForMail(email, /subscribe\/confirm/), '/subscribe/confirm');
  await form.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(form.getByTestId('subscription-link-status')).toHaveText('Your subscription is confirmed.');
  await visitor.close();

  await signInAsE2eAdmin(page);
  await page.goto('/admin');
  await page.getByTestId('admin-tab-contact').click();
  await expect(page.getByTestId('admin-contact-messages')).toContainText(subject);
  await page.getByTestId('admin-tab-subscribers').click();
  const row = page.getByTestId('admin-subscribers').getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Confirmed');

  // The partner switch on the administrator's own row: on, then off again.
  await page.getByTestId('admin-tab-users').click();
  const own = page.getByTestId('admin-users').getByRole('row', { name: new RegExp(E2E_ADMIN_EMAIL) });
  // Users are listed oldest first, ten a page: the administrator's row may be on a later page.
  await expect(page.getByTestId('admin-users')).toBeVisible();
  while ((await own.count()) === 0) {
    const before = await page.getByTestId('admin-users').textContent();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByTestId('admin-users')).not.toHaveText(before ?? '');
  }
  const toggle = own.getByLabel('Partner account');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText(`${E2E_ADMIN_EMAIL} is now a partner.`)).toBeVisible();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  // An account that does not exist: 404.
  expect(
    (await apiRequest(page, 'PUT', '/api/admin/users/999999/partner', { is_partner: true })).status(),
  ).toBe(404);
});
