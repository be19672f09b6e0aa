/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * Issue 17 §3 in the browser, on a provisioned server (fail2ban running, provisioning's sshd jail):
 * an address banned on the server is listed under its jail with its time left and unbanned from
 * the page; when the browser's own address is banned, the server page says so and unbans it.
 */
const SERVER_NAME = 'f2be1';
let server: TestServer;

test.beforeAll(async () => {
  // The first file to ask for the web image builds it (minutes; npm test's server tier leaves it built).
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

const onServer = async (command: string, ...args: string[]) =>
  (await runOnTestServer(server, ['bash', '-c', command, 'script', ...args])).stdout.trim();
interface EventRow {
  type: string;
  is_finished: boolean;
  status: string;
  output: string;
}
/** The newest event of `type`, once it has finished (its output tells why when it failed). */
async function finishedEvent(page: Page, type: string): Promise<EventRow> {
  let found: EventRow | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/events?page=1&itemsPerPage=10');
        found = ((await response.json()) as { data: EventRow[] }).data.find((event) => event.type === type);
        return found?.is_finished ?? false;
      },
      { timeout: 180_000, intervals: [1_000] },
    )
    .toBe(true);
  return found!;
}
const bannedOnServer = async () => (await onServer('fail2ban-client get sshd banip')).split(/\s+/);

test('fail2ban: a banned address is shown with its time left and unbanned from the page', async ({
  page,
}) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'f2b-1',
  );
  expect(await onServer('fail2ban-client set sshd banip 192.0.2.7')).toBe('1');

  await page.goto(`/servers/${serverId}/fail2ban`);
  const sshd = page.locator('[data-testid="fail2ban-jail-row"][data-jail="sshd"]');
  await expect(sshd).toHaveAttribute('data-running', 'true', { timeout: 60_000 });
  await expect(sshd).toHaveAttribute('data-managed', 'false');
  await expect(page.getByTestId('fail2ban-allow-panel')).toBeVisible();
  const banned = sshd.locator('[data-testid="fail2ban-banned-ip"][data-ip="192.0.2.7"]');
  await expect(banned).toContainText(/left/);
  await banned.getByTestId('fail2ban-unban').click();
  const unban = await finishedEvent(page, 'fail2ban_unban');
  expect(unban.status, unban.output).toBe('FINISHED');
  await expect(banned).toHaveCount(0, { timeout: 60_000 });
  expect(await bannedOnServer()).not.toContain('192.0.2.7');

  // The browser's own address, banned by hand on the server: the server page says so and unbans it.
  const me = await page.request.get(`/api/servers/${serverId}/fail2ban/me`);
  expect(me.status()).toBe(200);
  const { ip } = ((await me.json()) as { data: { ip: string } }).data;
  expect(await onServer('fail2ban-client set sshd banip "$1"', ip)).toBe('1');
  // The panel reuses a server read for 2 s (the `me` call above may have just made one): open the
  // page again until it reads the server after the ban.
  const alert = page.getByTestId('fail2ban-banned-here');
  await expect(async () => {
    await page.goto(`/servers/${serverId}`);
    await expect(alert).toContainText(`Your address ${ip} is banned on this server`, { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await alert.getByTestId('fail2ban-banned-here-unban').click();
  await expect(alert).toHaveCount(0, { timeout: 120_000 });
  expect(await bannedOnServer()).not.toContain(ip);
});
