/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer, waitForCurrentAgent } from '../support/servers';

/**
 * Issue 23 point 4 in the browser: a provisioned server whose agent samples every second (its
 * configuration edited on the server, as an operator could), checked by the panel every few
 * seconds (playwright.config.ts MONITORING_INTERVAL_SECONDS): the Monitoring section draws each
 * chart with points, switches range, and saves the thresholds.
 */
const SERVER_NAME = 'mone1';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

test('monitoring: the charts show the server’s samples and the thresholds are saved', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'mon-1',
  );
  await waitForCurrentAgent(page, serverId);
  const faster = await runOnTestServer(server, [
    'bash',
    '-c',
    // The agent's own Node edits its configuration (the server has no jq).
    'f=/etc/hostdeck-agent/config.json && /opt/hostdeck-agent/current/node -e \'const fs = require("fs"); const c = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); c.metricsIntervalSeconds = 1; fs.writeFileSync(process.argv[1] + ".new", JSON.stringify(c))\' "$f" && mv "$f.new" "$f" && systemctl restart hostdeck-agent',
  ]);
  expect(faster.code, faster.stderr).toBe(0);

  await page.goto(`/servers/${serverId}`);
  await page.getByTestId('server-menu-monitoring').click();
  await expect(page).toHaveURL(new RegExp(`/servers/${serverId}/monitoring`));
  for (const chart of ['cpu', 'memory', 'disk', 'load', 'network']) {
    await expect
      .poll(
        async () => Number(await page.getByTestId(`monitoring-chart-${chart}`).getAttribute('data-points')),
        {
          timeout: 120_000,
          intervals: [2_000],
          message: `${chart} chart points`,
        },
      )
      .toBeGreaterThanOrEqual(2);
  }
  // A line through the points (a flat one, such as the disk's, has no height: not "visible").
  for (const line of ['cpu', 'memory', 'disk-0', 'load-1', 'rx', 'tx'])
    await expect(page.getByTestId(`monitoring-line-${line}`)).toHaveAttribute('d', /^M[\d.,]+ L/);
  await expect(page.getByTestId('monitoring-latest-disk-0')).toContainText('/');
  await expect(page.getByTestId('monitoring-source')).toContainText('agent');

  await page.getByTestId('monitoring-range-24h').click();
  await expect(page).toHaveURL(/range=24h/);
  await expect(page.getByTestId('monitoring-line-cpu')).toHaveAttribute('d', /^M[\d.,]+ L/);

  await page.getByTestId('monitoring-field-disk_percent').fill('85');
  await page.getByTestId('monitoring-save').click();
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/servers/${serverId}/monitoring`);
      return ((await response.json()) as { data: { disk_percent: number } }).data.disk_percent;
    })
    .toBe(85);
  await page.getByTestId('monitoring-field-cpu_percent').fill('0');
  await page.getByTestId('monitoring-save').click();
  await expect(page.getByTestId('monitoring-field-cpu_percent')).toHaveAttribute('aria-invalid', 'true');
});
