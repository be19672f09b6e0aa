import { expect, test, type Page } from '@playwright/test';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { waitForMail } from '../support/mail';

/**
 * Issue 22 §5 in the browser, two contexts and the test's SMTP server: the owner opens the
 * server's settings, follows "Transfer" and offers the server by email; the recipient (who reads
 * the panel in Vietnamese) gets the mail, sees the offer on /user/server-transfer and accepts;
 * both then see the report; the server is the recipient's and gone for the owner. A second offer
 * is cancelled by its sender and disappears for the recipient. The server is a row added with the
 * "command" method (a panel key, never connected): the key rotation that follows cannot reach
 * it, which the report shows (the booted-server test proves the rotation itself).
 */
async function addWaitingServer(page: Page, name: string): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/servers', { name, ip: '192.0.2.10', method: 'command' });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test('a server is offered by email, accepted with a report, and a second offer cancelled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerVerifiedUser(page, 'Olga Owner');
  const suffix = Date.now().toString(36);
  const serverName = `xfer-${suffix}`;
  const serverId = await addWaitingServer(page, serverName);
  const otherId = await addWaitingServer(page, `xfer-b-${suffix}`);

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const { email: buyerEmail } = await registerVerifiedUser(buyer, 'Bob Buyer');
  await apiCall(buyer, 'PUT', '/api/user/preferences', { locale: 'vi' });

  // The settings' Transfer action leads to the page with the server chosen.
  await page.goto(`/servers/${serverId}`);
  await page.getByTestId('server-transfer').click();
  await expect(page).toHaveURL(new RegExp(`/user/server-transfer\\?server=${serverId}$`));
  await page.getByLabel("Recipient's email").fill(buyerEmail);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const outgoing = page.getByTestId('transfers-outgoing');
  await expect(outgoing.getByText(serverName)).toBeVisible();
  await expect(outgoing.getByText('Pending')).toBeVisible();

  const mail = await waitForMail(buyerEmail, /server-transfer/);
  expect(mail).toContain(serverName);
  expect(mail).toContain('Olga Owner');

  await buyer.goto('/user/server-transfer');
  const incoming = buyer.getByTestId('transfers-incoming');
  await expect(incoming.getByText(serverName)).toBeVisible();
  await incoming.getByRole('button', { name: 'Chấp nhận' }).click();
  await buyer.getByRole('dialog').getByTestId('confirm-dialog-submit').click();
  await expect(incoming.getByText('Đã chấp nhận')).toBeVisible();
  await expect(incoming.getByText('Những gì đã thay đổi')).toBeVisible();
  await expect(incoming.getByText(/Đã chuyển: 0 trang web/)).toBeVisible();

  // The sender sees the same report; the server is no longer theirs.
  await page.reload();
  await expect(outgoing.getByText('Accepted')).toBeVisible();
  await expect(outgoing.getByText('What changed')).toBeVisible();
  expect((await page.request.get(`/api/servers/${serverId}`)).status()).toBe(404);
  expect((await buyer.request.get(`/api/servers/${serverId}`)).status()).toBe(200);

  // A second offer, cancelled by its sender: gone for the recipient.
  await apiCall(page, 'POST', '/api/servers-transfer', { server_id: otherId, email: buyerEmail });
  await page.reload();
  const second = outgoing.locator('[data-testid^="transfer-"]').filter({ hasText: `xfer-b-${suffix}` });
  await second.getByRole('button', { name: 'Cancel transfer' }).click();
  await expect(second.getByText('Cancelled')).toBeVisible();
  await buyer.reload();
  await expect(incoming.getByText(`xfer-b-${suffix}`)).toHaveCount(0);
  await buyerContext.close();
});
