/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { apiCall } from '../support/accounts';
import { registerVerifiedThroughOutbox, startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Issue 24 point 6, "Invite to Earn": account A makes a referral code on /user/referral and copies
 * its link; a second browser opens the link, signs up as B and tops up by bank transfer, credited
 * by SePay's webhook (POSTed with the panel's API key, as SePay does); A's page shows a pending
 * commission of MAX_COMMISSION (20 %) of B's top-up.
 */

const SEPAY_KEY = 'e2e-sepay-key';

test.describe('referrals on a panel with billing turned on', () => {
  let panel: SecondPanel;
  test.beforeAll(async ({ browser }) => {
    panel = await startSecondPanel(browser, Number(process.env.E2E_REFERRALS_PANEL_PORT ?? 29_392), {
      BILLING_ENABLED: 'true',
      MAX_COMMISSION: '20',
      USD_RATE: '25000',
      SEPAY_API_KEY: SEPAY_KEY,
      SEPAY_BANK_BIN: '970436',
      SEPAY_BANK_NAME: 'Vietcombank',
      SEPAY_BANK_ACCOUNT: '0123456789',
      SEPAY_BANK_ACCOUNT_NAME: 'HOSTDECK E2E',
    });
  });
  test.afterAll(async () => panel?.stop());

  test('a sign-up through the referral link that tops up earns the referrer a pending 20 % commission', async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;

    // A: a code made on the page, its link copied.
    const contextA = await panel.newContext();
    await contextA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: panel.baseURL });
    const pageA = await contextA.newPage();
    await registerVerifiedThroughOutbox(pageA, 'Ann Referrer');
    await pageA.goto('/user/referral');
    await expect(pageA.getByTestId('referral-codes-empty')).toBeVisible();
    await expect(pageA.getByTestId('commission-rate')).toHaveText('Commission rate: 20%');
    await pageA.getByTestId('referral-code-create').click();
    await pageA.getByTestId('referral-code-input').fill(code.toLowerCase());
    await pageA.getByTestId('referral-name-input').fill('My blog');
    await pageA.getByTestId('referral-code-submit').click();
    const row = pageA.getByTestId(`referral-code-${code}`);
    await expect(row).toBeVisible();
    const link = `${panel.baseURL}/register?ref=${code}`;
    await expect(row.getByTestId('referral-code-link')).toHaveText(link);
    await row.getByTestId('referral-code-copy').click();
    await expect.poll(() => pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // B: opens the link in a browser of its own, signs up, tops up $10 by bank transfer.
    const contextB = await panel.newContext();
    const pageB = await contextB.newPage();
    await pageB.goto(link);
    expect((await contextB.cookies()).find((cookie) => cookie.name === 'ref')?.value).toBe(code);
    await registerVerifiedThroughOutbox(pageB, 'Bob Referred');
    const topup = await apiCall(pageB, 'POST', '/api/user/topup', { amount_cents: 1000 });
    const transfer = ((await topup.json()) as { data: { reference: string; amount_vnd: number } }).data;
    expect(transfer.amount_vnd).toBe(250_000);
    const eventId = Date.now();
    const webhook = await fetch(`${panel.baseURL}/api/sepay`, {
      method: 'POST',
      headers: { authorization: `Apikey ${SEPAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: eventId,
        gateway: 'Vietcombank',
        transactionDate: '2026-11-30 20:00:00',
        accountNumber: '0123456789',
        code: null,
        content: `${transfer.reference} nap tien`,
        transferType: 'in',
        transferAmount: transfer.amount_vnd,
        accumulated: 0,
        subAccount: null,
        referenceCode: `FT${eventId}`,
        description: `BankAPINotify ${transfer.reference} nap tien`,
      }),
    });
    expect(webhook.status).toBe(200);

    // A: a pending commission of 20 % of $10.00.
    await pageA.reload();
    await expect(row.locator('td').nth(3)).toHaveText('1');
    const commission = pageA.getByTestId('commission-row');
    await expect(commission).toHaveCount(1);
    await expect(commission.getByTestId('commission-status')).toHaveText('Pending');
    await expect(commission.getByTestId('commission-percent')).toHaveText('20%');
    await expect(commission.getByTestId('commission-amount')).toHaveText('$2.00');
    await expect(commission).toContainText('Bob Referred');
    await expect(pageA.getByTestId('commissions-pending').getByTestId('commissions-total')).toHaveText(
      '$2.00',
    );
    await expect(pageA.getByTestId('commissions-available').getByTestId('commissions-total')).toHaveText(
      '$0.00',
    );

    await contextA.close();
    await contextB.close();
  });
});
