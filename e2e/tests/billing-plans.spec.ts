/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from '../support/accounts';
import { registerVerifiedThroughOutbox, startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Issue 24 points 3 and 4 in the browser (docs/billing-plans.md): on a panel with billing on and a
 * sales event running, a user tops the balance up by bank transfer (SePay's webhook, as SePay sends
 * it), buys the VIP plan for a server on /user/billing with a 20 % plan coupon, and then the promo
 * banner is gone, the server's Mail Server item is unlocked, the server list's Cost column shows
 * the plan's price, and the invoice downloads as a PDF.
 */

const SEPAY_KEY = 'e2e-sepay-key';
const USD_RATE = 25_000;

/** A server row added with the "command" method (as billing.spec.ts): listed, never connected. */
async function addWaitingServer(page: Page, name: string): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/servers', { name, ip: '192.0.2.10', method: 'command' });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test.describe('plans and VIP servers on a panel with billing', () => {
  let panel: SecondPanel;
  test.beforeAll(async ({ browser }) => {
    panel = await startSecondPanel(browser, Number(process.env.E2E_BILLING_PLANS_PANEL_PORT ?? 29_292), {
      BILLING_ENABLED: 'true',
      SALES_EVENT_ENDS_AT: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
      USD_RATE: String(USD_RATE),
      SEPAY_API_KEY: SEPAY_KEY,
      SEPAY_BANK_BIN: '970436',
      SEPAY_BANK_NAME: 'Vietcombank',
      SEPAY_BANK_ACCOUNT: '0123456789',
      SEPAY_BANK_ACCOUNT_NAME: 'HOSTDECK E2E',
    });
  });
  test.afterAll(async () => panel?.stop());

  test('buys the VIP plan from a bank-transfer balance with a coupon: VIP unlocks, the promo goes, an invoice PDF downloads', async () => {
    const context = await panel.newContext();
    const page = await context.newPage();
    // The first account of this fresh panel is its administrator (no ADMIN_EMAILS): it makes the coupon.
    await registerVerifiedThroughOutbox(page, 'Plan Buyer');
    const code = `PLAN20${Date.now() % 1_000_000}`;
    await apiCall(page, 'POST', '/api/admin/coupons', { code, percent_off: 20, applies_to: 'plan' });
    const serverId = await addWaitingServer(page, 'vip-web');

    // $20.00 by bank transfer: the top-up names the account's reference, SePay's webhook credits it.
    const topup = await apiCall(page, 'POST', '/api/user/topup', { amount_cents: 2000 });
    const { reference } = ((await topup.json()) as { data: { reference: string } }).data;
    const webhook = await fetch(`${panel.baseURL}/api/sepay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Apikey ${SEPAY_KEY}` },
      body: JSON.stringify({
        id: Date.now(),
        gateway: 'Vietcombank',
        transactionDate: '2026-11-30 20:00:00',
        accountNumber: '0123456789',
        code: null,
        content: `${reference} nap tien`,
        transferType: 'in',
        transferAmount: 20 * USD_RATE,
        accumulated: 0,
        subAccount: null,
        referenceCode: `FT${Date.now()}`,
        description: `BankAPINotify ${reference} nap tien`,
      }),
    });
    expect(webhook.status, await webhook.text()).toBe(200);

    await page.goto(`/servers/${serverId}`);
    await expect(page.getByTestId('promo-banner')).toBeVisible();
    await expect(page.getByTestId('server-menu-mail')).toHaveAttribute('data-locked', 'true');

    await page.goto('/user/billing');
    await page.getByTestId('billing-tab-plans').click();
    await expect(page.getByTestId('billing-plans-balance')).toHaveText('Balance: $20.00');
    // The sales event: the lifetime plan at half price, its regular price struck through.
    const lifetime = page.getByTestId('plan-vip_lifetime');
    await expect(lifetime.getByTestId('plan-price')).toHaveText('$49.50');
    await expect(lifetime.getByTestId('plan-regular-price')).toHaveText('$99.00');

    // More than the balance holds: the dialog says what is missing before anything is paid.
    await lifetime.getByTestId('plan-buy-vip_lifetime').click();
    await expect(page.getByTestId('plan-buy-missing')).toContainText('$29.50');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('plan-buy-vip_monthly').click();
    await expect(page.getByTestId('plan-buy-price')).toHaveText('Price: $10.00');
    await expect(page.getByTestId('plan-buy-missing')).toHaveCount(0);
    await expect(page.getByTestId('plan-buy-server')).toContainText('vip-web');
    await page.getByTestId('plan-buy-coupon').fill(code);
    await page.getByTestId('plan-buy-submit').click();

    // 20 % off $10.00: $8.00 paid, $12.00 left; the subscription renews in 30 days.
    await expect(page.getByTestId('billing-plans-balance')).toHaveText('Balance: $12.00');
    const subscription = page.locator('[data-testid^="subscription-"]').filter({ hasText: 'vip-web' });
    await expect(subscription.getByTestId('subscription-status')).toHaveText('Active');
    await expect(subscription.getByTestId('subscription-remaining')).toHaveText('100%');
    // A paid user sees no promotion.
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);

    await page.getByTestId('billing-tab-invoices').click();
    const invoice = page.locator('[data-testid^="invoice-HD-"]').first();
    await expect(invoice.getByTestId('invoice-amount')).toHaveText('$8.00');
    const download = page.waitForEvent('download');
    await invoice.getByTestId('invoice-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^HD-\d{6}\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.goto(`/servers/${serverId}`);
    await expect(page.getByTestId('server-menu-mail')).toHaveAttribute('data-locked', 'false');
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);

    await page.goto('/servers');
    await page.getByTestId('server-list-view-table').click();
    const row = page.getByTestId('servers-table').locator('tr').filter({ hasText: 'vip-web' });
    await expect(row.getByTestId('server-cost')).toHaveText('$10.00');
    await context.close();
  });
});
