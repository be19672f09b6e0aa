/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * Issue 18 §2 in the browser, on a real server (the `web` image: wireguard-tools and
 * wireguard-go): `/servers/{s}/wireguard` creates a client from its dialog (a bad name refused
 * under its field first), the peer is live on the server's wg0, its `.conf` downloads with the
 * private key and the next free address, its QR code shows, and it is deleted from the page and
 * from the server.
 */
const SERVER_NAME = 'wga';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(30 * 60_000);
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

const onServer = async (command: string) =>
  (await runOnTestServer(server, ['bash', '-c', command])).stdout.trim();

test('wireguard: a client created from the page downloads its config, then is deleted', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'wg-1',
  );

  await page.goto(`/servers/${serverId}/wireguard`);
  await expect(page.getByTestId('wireguard-empty')).toBeVisible({ timeout: 60_000 });

  // The dialog refuses an option-looking name before anything is sent.
  await page.getByTestId('wireguard-add').click();
  await page.getByTestId('wireguard-name').fill('-laptop');
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(page.getByRole('dialog').getByText('Use 1 to 32 letters')).toBeVisible();
  await page.getByTestId('wireguard-name').fill('e2e-laptop');
  await page.getByTestId('confirm-dialog-submit').click();

  const row = page.locator('[data-testid="wireguard-client-row"][data-name="e2e-laptop"]');
  await expect(row).toHaveAttribute('data-status', 'active', { timeout: 180_000 });
  await expect(row).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('wireguard-status')).toHaveAttribute('data-up', 'true');
  expect(await onServer('stat -c %a /etc/wireguard/wg0.conf')).toBe('600');
  expect((await onServer('wg show wg0 peers')).split('\n')).toHaveLength(1);
  // The interface's UDP socket among the server's listening ports (wireguard-go on test servers).
  await page.reload();
  await expect(page.getByTestId('wireguard-ports-row').first()).toContainText('51820', { timeout: 60_000 });
  await expect(page.getByTestId('wireguard-ports-row').first()).toContainText(/udp.*wireguard-go/i);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByTestId('wireguard-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('e2e-laptop.conf');
  const config = await readFile((await download.path())!, 'utf8');
  expect(config).toContain('Address = 10.8.0.2/32');
  expect(config).toMatch(/^PrivateKey = [A-Za-z0-9+/]{43}=$/m);
  expect(config).toContain(`PublicKey = ${await onServer('wg show wg0 public-key')}`);
  expect(config).toContain(`Endpoint = ${server.address}:51820`);

  await row.getByTestId('wireguard-qr').click();
  await expect(page.getByTestId('wireguard-qr-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.keyboard.press('Escape');

  await row.getByTestId('wireguard-delete').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(row).toHaveCount(0, { timeout: 180_000 });
  expect(await onServer('wg show wg0 peers')).toBe('');
  expect(await onServer('grep -c "^\\[Peer\\]" /etc/wireguard/wg0.conf || true')).toBe('0');
});
