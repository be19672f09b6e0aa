/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
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
 * Issue 19 §1 in the browser, on a real server with bind9: `/servers/{s}/dns` adds a zone, a
 * record from the per-type form (a bad value refused under its field first) that `dig @server`
 * answers, imports a pasted zone file, turns DNSSEC on (the DS record shows), and deletes a zone.
 */
const SERVER_NAME = 'dnsa2';
const run = promisify(execFile);
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(30 * 60_000);
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
  const installed = await runOnTestServer(
    server,
    [
      'bash',
      '-c',
      'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends bind9 bind9-utils',
    ],
    { timeoutMs: 15 * 60_000 },
  );
  if (installed.code !== 0) throw new Error(`installing bind9 failed: ${installed.stderr}`);
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

const dig = async (name: string, type: string) =>
  (await run('dig', ['+short', '+norec', `@${server.address}`, name, type])).stdout.trim();

test('bind9: zones and records from the page answer on the server', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'dns-1',
  );

  await page.goto(`/servers/${serverId}/dns`);
  await expect(page.getByTestId('bind9-no-zones')).toBeVisible({ timeout: 60_000 });

  // A zone.
  await page.getByTestId('bind9-create-open').click();
  await page.getByTestId('bind9-zone-name').fill('e2e.test');
  await page.getByTestId('bind9-zone-submit').click();
  const zone = page.getByTestId('bind9-zone-e2e.test');
  await expect(zone).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => dig('e2e.test', 'NS'), { timeout: 60_000 }).toBe('ns1.e2e.test.');

  // A record: a bad address refused under its field, then a good one.
  await page.getByTestId('bind9-records-e2e.test').click();
  await expect(page.getByTestId('bind9-record-NS-@')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('bind9-record-add').click();
  await page.getByTestId('bind9-record-name').fill('www');
  await page.getByTestId('bind9-record-content').fill('192.0.2.999');
  await page.getByTestId('bind9-record-submit').click();
  await expect(page.getByRole('dialog').getByText(/invalid/i)).toBeVisible();
  await page.getByTestId('bind9-record-content').fill('192.0.2.10');
  await page.getByTestId('bind9-record-submit').click();
  await expect(page.getByTestId('bind9-record-A-www')).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => dig('www.e2e.test', 'A'), { timeout: 60_000 }).toBe('192.0.2.10');

  // DNSSEC on: the DS record to give the registrar.
  await page.getByTestId('bind9-dnssec-e2e.test').click(); // The switch follows the server: it turns on when the event has signed the zone.
  await expect(page.getByTestId('bind9-ds')).toContainText(/e2e\.test\. IN DS [0-9]+ 13 2/, {
    timeout: 120_000,
  });

  // Import by paste.
  await page.getByTestId('bind9-import-open').click();
  await page.getByTestId('bind9-zone-name').fill('pasted.test');
  await page
    .getByTestId('bind9-zone-content')
    .fill(
      '$TTL 1h\n@ IN SOA ns1 hostmaster 1 2h 1h 2w 1h\n@ IN NS ns1\nns1 IN A 192.0.2.1\nmail IN A 192.0.2.2\n',
    );
  await page.getByTestId('bind9-zone-submit').click();
  await expect(page.getByTestId('bind9-zone-pasted.test')).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => dig('mail.pasted.test', 'A'), { timeout: 60_000 }).toBe('192.0.2.2');

  // Delete it.
  await page.getByTestId('bind9-delete-pasted.test').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(page.getByTestId('bind9-zone-pasted.test')).toHaveCount(0, { timeout: 120_000 });
  await expect.poll(() => dig('mail.pasted.test', 'A'), { timeout: 60_000 }).toBe('');
  expect((await runOnTestServer(server, ['ls', '/var/lib/bind/hostdeck/zones'])).stdout).not.toContain(
    'pasted.test',
  );
});
