import { expect as baseExpect, test } from '@playwright/test';
import { FAKE_CLOUDFLARE_TOKEN, FAKE_DIGITALOCEAN_TOKEN } from '@hostdeck/api/testing/dns-provider-fake.js';
import { registerVerifiedUser } from '../support/accounts';

// Each change goes panel → provider fake → list read again, on a machine shared with other runs.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Issue 19 in the browser: `/user/dns` against the providers' fake (recorded answers of Cloudflare's
 * and DigitalOcean's APIs, support/dns-provider-fake.ts). A refused token shows the provider's
 * reason under its field; a Cloudflare credential lists its zones and records (proxy shown); a
 * record is added with the proxy on, edited and deleted; a DigitalOcean credential has no proxy
 * column and no HTTPS type; credentials are deleted. The token never reaches the page.
 */
test('DNS providers: credentials, zones and records with the proxy flag', async ({ page }) => {
  test.setTimeout(120_000);
  await registerVerifiedUser(page);
  await page.goto('/user/dns');
  // The first visit loads the page's chunk on a panel that has just started.
  await expect(page.getByTestId('page-title')).toHaveText('DNS', { timeout: 30_000 });
  await expect(page.getByTestId('dns-credentials-empty')).toBeVisible();

  // A wrong token: the provider's own reason, under the field; nothing saved.
  await page.getByTestId('dns-credential-add').click();
  await page.getByTestId('dns-credential-name').fill('Main Cloudflare');
  await page.getByTestId('dns-credential-token').fill('not-a-real-token');
  await page.getByTestId('dns-credential-submit').click();
  await expect(page.getByText('The provider refused this token: Invalid API Token (1000)')).toBeVisible();
  await page.getByTestId('dns-credential-token').fill(FAKE_CLOUDFLARE_TOKEN);
  await page.getByTestId('dns-credential-submit').click();
  const cloudflare = page.locator('[data-name="Main Cloudflare"]');
  await expect(cloudflare).toContainText('Cloudflare');

  // Its zones (all pages) and the first zone's records (all pages), proxy shown.
  await expect(page.getByRole('combobox', { name: 'Zone' })).toHaveText('example.com');
  const rows = page.getByTestId('dns-record-row');
  await expect(rows).toHaveCount(8);
  const apex = page.locator('[data-testid="dns-record-row"][data-type="A"][data-name="@"]');
  await expect(apex.getByTestId('dns-record-proxy')).toHaveText('Proxied');
  await expect(page.locator('[data-type="SRV"]').getByTestId('dns-record-value')).toHaveText(
    '10 5 5060 sip.example.com',
  );

  // Add an A record with the proxy on.
  await page.getByTestId('dns-record-add').click();
  await page.getByTestId('dns-record-name').fill('api');
  await page.getByTestId('dns-record-content').fill('198.51.100.7');
  await page.getByTestId('dns-record-proxied').check();
  await page.getByTestId('dns-record-submit').click();
  const api = page.locator('[data-testid="dns-record-row"][data-name="api"]');
  await expect(api.getByTestId('dns-record-value')).toHaveText('198.51.100.7');
  await expect(api.getByTestId('dns-record-proxy')).toHaveText('Proxied');
  await expect(rows).toHaveCount(9);

  // A bad address is refused under its field; then edited for real.
  await api.getByTestId('dns-record-edit').click();
  await page.getByTestId('dns-record-content').fill('198.51.100.300');
  await page.getByTestId('dns-record-submit').click();
  await expect(page.getByRole('dialog').getByText('Invalid value')).toBeVisible();
  await page.getByTestId('dns-record-content').fill('198.51.100.8');
  await page.getByTestId('dns-record-proxied').uncheck();
  await page.getByTestId('dns-record-submit').click();
  await expect(api.getByTestId('dns-record-value')).toHaveText('198.51.100.8');
  await expect(api.getByTestId('dns-record-proxy')).toHaveText('DNS only');

  // Deleted at the provider.
  await api.getByTestId('dns-record-delete').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(api).toHaveCount(0);
  await expect(rows).toHaveCount(8);

  // Another zone.
  await page.getByRole('combobox', { name: 'Zone' }).click();
  await page.getByRole('option', { name: 'example.org' }).click();
  await expect(page.getByText('This zone has no record the panel can show.')).toBeVisible();

  // DigitalOcean: no proxy column, no HTTPS type.
  await page.getByTestId('dns-credential-add').click();
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'DigitalOcean' }).click();
  await page.getByTestId('dns-credential-name').fill('Ocean');
  await page.getByTestId('dns-credential-token').fill(FAKE_DIGITALOCEAN_TOKEN);
  await page.getByTestId('dns-credential-submit').click();
  const ocean = page.locator('[data-name="Ocean"]');
  await ocean.getByTestId('dns-credential-manage').click();
  await expect(page.getByRole('combobox', { name: 'Zone' })).toHaveText('example.com');
  await expect(rows).toHaveCount(6);
  await expect(page.getByTestId('dns-record-proxy')).toHaveCount(0);
  await page.getByTestId('dns-record-add').click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Type' }).click();
  await expect(page.getByRole('option', { name: 'CAA' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'HTTPS' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  expect(await page.content()).not.toContain(FAKE_CLOUDFLARE_TOKEN);

  // Both credentials deleted.
  for (const row of [ocean, cloudflare]) {
    await row.getByTestId('dns-credential-delete').click();
    await page.getByTestId('confirm-dialog-submit').click();
    await expect(row).toHaveCount(0);
  }
  await expect(page.getByTestId('dns-credentials-empty')).toBeVisible();
});
