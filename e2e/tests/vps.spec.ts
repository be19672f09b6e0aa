import { expect as baseExpect, test } from '@playwright/test';
import { FAKE_VPS_TOKENS } from '@hostdeck/api/vps/testing/vps-provider-fake.js';
import { registerVerifiedUser } from '../support/accounts';

// Each change goes panel → provider fake → list read again, on a machine shared with other runs.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Issue 23 point 1 in the browser: `/user/vps` against the providers' fake (recorded answers of
 * Hetzner Cloud's API, support/vps-provider-fake.ts). A refused token shows the provider's reason
 * under its field; a Hetzner credential lists its regions and plans with their monthly price;
 * "Create server" starts the creation's event, whose output opens; the machines at the provider
 * that no server points to are listed. The token never reaches the page.
 */
test('VPS providers: credentials, regions and priced plans, create starts an event', async ({ page }) => {
  test.setTimeout(120_000);
  await registerVerifiedUser(page);
  await page.goto('/user/vps');
  await expect(page.getByTestId('page-title')).toHaveText('Server Providers', { timeout: 30_000 });
  await expect(page.getByTestId('vps-credentials-empty')).toBeVisible();

  // A wrong token: Hetzner's own reason, under the field; nothing saved.
  await page.getByTestId('vps-credential-add').click();
  await page.getByTestId('vps-credential-name').fill('Hetzner EU');
  await page.getByTestId('vps-credential-token').fill('not-a-real-token');
  await page.getByTestId('vps-credential-submit').click();
  await expect(page.getByText('The provider refused this token: unable to authenticate')).toBeVisible();
  await page.getByTestId('vps-credential-token').fill(FAKE_VPS_TOKENS.hetzner);
  await page.getByTestId('vps-credential-submit').click();
  const hetzner = page.locator('[data-name="Hetzner EU"]');
  await expect(hetzner).toContainText('Hetzner Cloud');
  expect(await page.content()).not.toContain(FAKE_VPS_TOKENS.hetzner);

  // The machines there that no server points to: the recorded ones.
  await hetzner.getByTestId('vps-credential-check').click();
  await expect(page.getByTestId('vps-machine-43')).toContainText('legacy-mail');
  await expect(page.getByTestId('vps-machine-43')).toContainText('Not made by this panel');

  // Regions and plans with their monthly price, read with the credential.
  await page.getByTestId('vps-create-open').click();
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText('Falkenstein DC Park 1 (DE)');
  await expect(page.getByRole('combobox', { name: 'Plan' })).toContainText(
    'CX22: 2 vCPU, 4 GB RAM, 40 GB disk',
  );
  await expect(page.getByRole('combobox', { name: 'Plan' })).toContainText('€4.51/month');
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.getByRole('option', { name: /CX32/ }).click();
  await page.getByTestId('vps-create-name').fill('vps-e2e');
  await page.getByTestId('vps-create-submit').click();

  // The creation is an event: its output opens and shows the first steps.
  await expect(page.getByText("The server is being created: follow it in the event's output")).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(
    'Creating server "vps-e2e" at Hetzner Cloud (fsn1, cx32)',
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByRole('dialog')).toContainText('Machine created at Hetzner Cloud');

  // The server delete dialog offers deleting the machine at the provider too; afterwards the
  // provider has no machine left for it (the unmanaged list would show a labelled `vps-e2e`).
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('vps-servers')).toContainText('vps-e2e');
  const listed = await page.request.get('/api/servers?search=vps-e2e');
  const serverId = (await listed.json()).data[0].id as number;
  await page.goto(`/servers/${serverId}`);
  await page.getByTestId('server-delete').click();
  await page
    .locator('input[data-testid="server-delete-name"], [data-testid="server-delete-name"] input')
    .first()
    .fill('vps-e2e');
  await expect(page.getByText('Also delete the machine at Hetzner Cloud')).toBeVisible();
  await page.getByTestId('server-delete-at-provider').check();
  await page.getByTestId('server-delete-submit').click();
  await expect(page).toHaveURL(/\/servers$/, { timeout: 60_000 });
  await page.goto('/user/vps');
  await page.locator('[data-name="Hetzner EU"]').getByTestId('vps-credential-check').click();
  await expect(page.getByTestId('vps-machine-43')).toBeVisible();
  await expect(page.getByTestId('vps-unmanaged')).not.toContainText('vps-e2e');
});
