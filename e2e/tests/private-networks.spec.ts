/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import {
  linkTestServers,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * The private network of issue 18 in the browser, on two linked real servers (the `web` image:
 * wireguard-tools and wireguard-go): from the WireGuard page of one, a network over both is made
 * in one action; both members turn active with their private addresses and the database hint;
 * the second is removed from the page, and its interface is gone from the server.
 */
const NAMES = ['pna', 'pnb'] as const;
let servers: TestServer[];

test.beforeAll(async () => {
  test.setTimeout(30 * 60_000);
  servers = await Promise.all(NAMES.map((name) => resetTestServer(name, { image: 'web' })));
  await linkTestServers(NAMES[0], NAMES[1]);
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await Promise.all(NAMES.map((name) => stopTestServer(name)));
});

const on = async (server: TestServer, command: string) =>
  (await runOnTestServer(server, ['bash', '-c', command])).stdout.trim();

test('private network: two servers joined from the page, then one removed', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  await registerVerifiedUser(page);
  const none = { web_server: 'none' as const, php_versions: [], database: 'none' as const };
  const [first, second] = [
    await connectInstalledServer(page, servers[0]!, none, 'pn-1'),
    await connectInstalledServer(page, servers[1]!, none, 'pn-2'),
  ];

  await page.goto(`/servers/${first}/wireguard`);
  await page.getByTestId('wireguard-tab-networks').click();
  await expect(page.getByTestId('private-network-empty')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('private-network-create').click();
  await page.getByTestId('private-network-name').fill('-db');
  await page.getByTestId('private-network-create-submit').click();
  await expect(page.getByRole('dialog').getByText('1 to 32 lowercase letters')).toBeVisible();
  await page.getByTestId('private-network-name').fill('db-net');
  await page.getByTestId(`private-network-server-${second}`).locator('input').check();
  await page.getByTestId('private-network-create-submit').click();

  const network = page.getByTestId('private-network-db-net');
  for (const id of [first, second])
    await expect(network.getByTestId(`private-network-member-${id}`)).toHaveAttribute(
      'data-status',
      'active',
      {
        timeout: 300_000,
      },
    );
  await expect(network.getByTestId('private-network-database-hint')).toContainText('bind-address = 10.');

  const iface = (await network.textContent())?.match(/hdnet\d+/)?.[0];
  expect(iface).toBeTruthy();
  // Members turn active when their own join ends; the peers task each active member runs after
  // the last join sets the peer lists (private-networks.service.ts), a moment later under load.
  const secondKey = await on(servers[1]!, `wg show ${iface} public-key`);
  await expect.poll(() => on(servers[0]!, `wg show ${iface} peers`), { timeout: 180_000 }).toBe(secondKey);

  await network.getByTestId(`private-network-member-${second}`).getByTestId('private-network-remove').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(network.getByTestId(`private-network-member-${second}`)).toHaveCount(0, { timeout: 300_000 });
  expect((await runOnTestServer(servers[1]!, ['ip', 'link', 'show', 'dev', iface!])).code).not.toBe(0);
});
