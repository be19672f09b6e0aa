/// <reference lib="dom" />
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { apiCall } from '../support/accounts';
import { registerVerifiedThroughOutbox, startSecondPanel, type SecondPanel } from '../support/second-panel';
import { startE2eStripeFake } from '../support/stripe-fake';
import type { StripeFake } from '@hostdeck/api/billing/testing/stripe-fake.js';

/**
 * Issue 24, money in (docs/billing.md): on a panel with billing on, a card top-up through the page
 * (Stripe Elements and 3-D Secure, against the local Stripe fake started here, which sends the
 * panel its signed webhook), a 20 % top-up coupon made through the admin API, and a bank transfer
 * whose VietQR and reference the page shows, credited when SePay's webhook (POSTed here, with the
 * panel's key) arrives. The balance moves only on the webhooks.
 */
const PANEL_PORT = Number(process.env.E2E_BILLING_TOPUP_PANEL_PORT ?? 29_192);
const SEPAY_KEY = 'e2e-sepay-key';

test.describe.configure({ mode: 'serial' });

test.describe('billing top-ups', () => {
  let panel: SecondPanel;
  let fake: StripeFake;
  let adminContext: BrowserContext;
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    const stripe = await startE2eStripeFake(PANEL_PORT);
    fake = stripe.fake;
    panel = await startSecondPanel(browser, PANEL_PORT, {
      BILLING_ENABLED: 'true',
      USD_RATE: '25000',
      SEPAY_API_KEY: SEPAY_KEY,
      SEPAY_BANK_BIN: '970436',
      SEPAY_BANK_NAME: 'Vietcombank',
      SEPAY_BANK_ACCOUNT: '0123456789',
      SEPAY_BANK_ACCOUNT_NAME: 'HOSTDECK CO LTD',
      ...stripe.env,
    });
    // The panel's first account administers it (no ADMIN_EMAILS here): it makes the coupons.
    adminContext = await panel.newContext();
    admin = await adminContext.newPage();
    await registerVerifiedThroughOutbox(admin, 'Billing Admin');
  });
  test.afterAll(async () => {
    await adminContext?.close();
    await panel?.stop();
    await fake?.close();
  });

  async function billingPage(name: string) {
    const context = await panel.newContext();
    const page = await context.newPage();
    await registerVerifiedThroughOutbox(page, name);
    await page.goto('/user/billing');
    await expect(page.getByTestId('billing-balance')).toHaveText('$0.00');
    return { context, page };
  }

  async function payByCard(page: Page, amount: string, card: string, coupon?: string) {
    await page.getByTestId('billing-topup').click();
    await page.getByTestId('topup-amount').fill(amount);
    if (coupon) {
      await page.getByTestId('topup-coupon').fill(coupon);
      await expect(page.getByTestId('topup-coupon-help')).toHaveText('20 % bonus: +$2.00');
    }
    await page.getByTestId('topup-continue').click();
    const element = page.getByTestId('topup-card');
    await element.getByLabel('Card number').fill(card);
    await element.getByLabel('Expiration date MM / YY').fill('12 / 34');
    await element.getByLabel('CVC').fill('123');
    await page.getByTestId('topup-pay').click();
  }

  test('tops up $10 by card with 3-D Secure; the balance shows $10.00 once the webhook credits it', async () => {
    const { context, page } = await billingPage('Card Payer');
    await page.getByTestId('billing-topup').click();
    await page.getByTestId('topup-amount').fill('4.99');
    await page.getByTestId('topup-continue').click();
    await expect(page.getByTestId('topup-amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Top-up minimum $5.00')).toBeVisible();
    await page.getByTestId('topup-close').click();

    await payByCard(page, '10', '4000 0027 6000 3184');
    const secure = page.getByRole('dialog', { name: '3D Secure authentication' });
    await expect(secure).toBeVisible();
    await secure.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByTestId('topup-received')).toContainText('$10.00');
    await page.getByTestId('topup-close').click();
    await expect(page.getByTestId('billing-balance')).toHaveText('$10.00');
    const rows = page.getByTestId('billing-transactions').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Top-up');
    await expect(rows.first()).toContainText('Card');
    await context.close();
  });

  test('applies a 20 % top-up coupon made by the administrator', async () => {
    const code = `E2E20${Date.now() % 100000}`;
    await apiCall(admin, 'POST', '/api/admin/coupons', { code, percent_off: 20, applies_to: 'topup' });
    const { context, page } = await billingPage('Coupon Payer');
    await page.getByTestId('billing-topup').click();
    await page.getByTestId('topup-coupon').fill('NOT-A-COUPON');
    await expect(page.getByTestId('topup-coupon-help')).toHaveText('This coupon is not valid.');
    await page.getByTestId('topup-close').click();

    await payByCard(page, '10', '4242 4242 4242 4242', code.toLowerCase());
    await expect(page.getByTestId('topup-received')).toBeVisible();
    await page.getByTestId('topup-close').click();
    await expect(page.getByTestId('billing-balance')).toHaveText('$12.00');
    await expect(page.getByTestId('billing-transactions').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('billing-transactions')).toContainText('Coupon bonus');
    await context.close();
  });

  test('shows the bank, the VietQR code and the reference; SePay’s webhook credits the transfer', async ({
    request,
  }) => {
    const { context, page } = await billingPage('Bank Payer');
    await page.getByTestId('billing-topup').click();
    await page.getByTestId('topup-amount').fill('10');
    await page.getByTestId('topup-method-bank').check();
    await page.getByTestId('topup-continue').click();
    await expect(page.getByTestId('bank-qr')).toBeVisible();
    await expect(page.getByTestId('bank-name')).toHaveText('Vietcombank');
    await expect(page.getByTestId('bank-account')).toHaveText('0123456789');
    await expect(page.getByTestId('bank-account-name')).toHaveText('HOSTDECK CO LTD');
    await expect(page.getByTestId('bank-amount')).toContainText('250,000');
    const reference = (await page.getByTestId('bank-reference').textContent())!.trim();
    expect(reference).toMatch(/^HD[A-Z0-9]{8}$/);
    // The QR code a banking app scans: VietQR's payload with the bank, the account, the VND and the reference.
    const pixels = await page.getByTestId('bank-qr').evaluate((image: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return {
        data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data),
        width: canvas.width,
        height: canvas.height,
      };
    });
    const payload = jsQR(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height)?.data ?? '';
    expect(payload).toContain('0010A000000727');
    expect(payload).toContain('0006970436');
    expect(payload).toContain('01100123456789');
    expect(payload).toContain('5406250000');
    expect(payload).toContain(reference);

    // As SePay calls it: its API key, its JSON; the bank lowercased and spaced the content.
    const transfer = {
      id: Date.now(),
      gateway: 'Vietcombank',
      transactionDate: '2026-11-30 21:00:00',
      accountNumber: '0123456789',
      code: null,
      content: `${reference.toLowerCase()} nap tien`,
      transferType: 'in',
      transferAmount: 250000,
      accumulated: 250000,
      subAccount: null,
      referenceCode: 'FT26334000001',
      description: 'BankAPINotify',
    };
    const forged = await request.post(`${panel.baseURL}/api/sepay`, {
      headers: { authorization: 'Apikey not-the-key' },
      data: transfer,
    });
    expect(forged.status()).toBe(401);
    for (let delivery = 0; delivery < 3; delivery += 1) {
      const answer = await request.post(`${panel.baseURL}/api/sepay`, {
        headers: { authorization: `Apikey ${SEPAY_KEY}` },
        data: transfer,
      });
      expect(answer.status()).toBe(200);
    }
    await expect(page.getByTestId('topup-received')).toContainText('$10.00');
    await page.getByTestId('topup-close').click();
    await expect(page.getByTestId('billing-balance')).toHaveText('$10.00');
    await expect(page.getByTestId('billing-transactions').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('billing-transactions')).toContainText('Bank transfer');
    await context.close();
  });
  test('buys a plan by card: the webhook’s credit buys it, and the server turns VIP', async () => {
    const { context, page } = await billingPage('Plan Card Payer');
    const created = await apiCall(page, 'POST', '/api/servers', {
      name: 'card-vip',
      ip: '192.0.2.11',
      method: 'command',
    });
    const serverId = ((await created.json()) as { data: { id: number } }).data.id;

    await page.getByTestId('billing-tab-plans').click();
    await page.getByTestId('plan-buy-vip_monthly').click();
    await expect(page.getByTestId('plan-buy-missing')).toContainText('$10.00');
    await page.getByTestId('plan-buy-card').click();
    await expect(page.getByTestId('topup-plan-note')).toBeVisible();
    await expect(page.getByTestId('topup-amount')).toHaveValue('10.00');
    await page.getByTestId('topup-continue').click();
    const element = page.getByTestId('topup-card');
    await element.getByLabel('Card number').fill('4242 4242 4242 4242');
    await element.getByLabel('Expiration date MM / YY').fill('12 / 34');
    await element.getByLabel('CVC').fill('123');
    await page.getByTestId('topup-pay').click();
    await expect(page.getByTestId('topup-received')).toContainText('VIP');
    await page.getByTestId('topup-close').click();

    // Credited $10.00 and charged $10.00 in one transaction: the balance is back at $0.00.
    await expect(page.getByTestId('billing-plans-balance')).toHaveText('Balance: $0.00');
    const subscription = page.locator('[data-testid^="subscription-"]').filter({ hasText: 'card-vip' });
    await expect(subscription.getByTestId('subscription-status')).toHaveText('Active');
    await page.goto(`/servers/${serverId}`);
    await expect(page.getByTestId('server-menu-mail')).toHaveAttribute('data-locked', 'false');
    await context.close();
  });
});
