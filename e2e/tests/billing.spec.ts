/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { registerVerifiedThroughOutbox, startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Issue 26, item 13: a panel whose operator has not turned billing on (the default) shows no
 * "Unlock every feature… UPGRADE NOW", no sales countdown, and locks nothing as VIP; one with
 * BILLING_ENABLED=true behaves as spec/000 §2 says (promo banner, upgrade banner, VIP locks).
 */

/**
 * A server row added with the "command" method: the panel waits for its key to be installed and
 * never connects, which is all the server menu needs (it lists its items, disabled until then).
 */
async function addWaitingServer(page: Page, name: string): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/servers', {
    name,
    ip: '192.0.2.10',
    method: 'command',
  });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test('a panel without billing shows no promotion and locks neither Mail Server nor MTProxy', async ({
  page,
}) => {
  await registerVerifiedUser(page);
  await page.goto('/servers');
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  await expect(page.getByTestId('upgrade-banner')).toHaveCount(0);
  await expect(page.getByTestId('promo-banner')).toHaveCount(0);
  await expect(page.getByText('UPGRADE NOW', { exact: false })).toHaveCount(0);

  const serverId = await addWaitingServer(page, 'no-billing');
  await page.goto(`/servers/${serverId}`);
  const mail = page.getByTestId('server-menu-mail');
  await expect(mail).toBeVisible();
  await expect(mail).toHaveAttribute('data-locked', 'false');
});

test.describe('a panel with billing turned on', () => {
  let panel: SecondPanel;
  test.beforeAll(async ({ browser }) => {
    panel = await startSecondPanel(browser, Number(process.env.E2E_BILLING_PANEL_PORT ?? 18_092), {
      BILLING_ENABLED: 'true',
      SALES_EVENT_ENDS_AT: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
    });
  });
  test.afterAll(async () => panel?.stop());

  test('shows the promo and upgrade banners and locks the VIP items of a server that is not VIP', async () => {
    const context = await panel.newContext();
    const page = await context.newPage();
    await registerVerifiedThroughOutbox(page);
    await page.goto('/servers');
    await expect(page.getByTestId('promo-banner')).toBeVisible();
    await expect(page.getByTestId('promo-countdown')).toBeVisible();
    await expect(page.getByTestId('upgrade-banner')).toBeVisible();

    const serverId = await addWaitingServer(page, 'billing-on');
    await page.goto(`/servers/${serverId}`);
    await expect(page.getByTestId('server-menu-mail')).toHaveAttribute('data-locked', 'true');
    await context.close();
  });
});
