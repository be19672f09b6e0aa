/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { buildDockerImageTarball } from '../../tools/testing/docker-image-tarball';
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
 * Issue 18, containers in the browser on a real server (the `web` image: docker.io; containers
 * can be created, not started): a container the test creates is listed with its state, image,
 * ports and compose project; its inspect shows the JSON, its (empty) log opens and ends; it is
 * renamed and deleted from the page, each checked with `docker ps -a` on the server.
 */
const SERVER_NAME = 'dcb';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

test('docker containers: list, inspect, logs, rename and delete', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'containers-1',
  );
  const image = buildDockerImageTarball({ tags: ['hostdeck-e2e-containers:1'] });
  const onServer = async (script: string, input?: Buffer) =>
    (await runOnTestServer(server, ['bash', '-c', script], input ? { input } : {})).stdout.trim();
  await onServer(
    'systemctl start docker.service && cat > /tmp/image.tar && docker load -i /tmp/image.tar',
    image.tarball,
  );
  const id = await onServer(
    'docker create --name e2e-web -p 8081:80 -l com.docker.compose.project=e2e hostdeck-e2e-containers:1',
  );
  const names = async () => (await onServer('docker ps -a --format "{{.Names}}"')).split('\n');

  await page.goto(`/servers/${serverId}/docker?tab=containers`);
  const row = page.locator(`[data-testid="docker-containers-row"][data-key="${id}"]`);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('e2e-web');
  await expect(row).toContainText('hostdeck-e2e-containers:1');
  // No ports: the Engine reports a container's published ports only while it runs (this one cannot).
  await expect(row).toContainText('e2e');
  await expect(row.getByTestId('docker-container-state')).toHaveAttribute('data-state', 'created');

  await row.getByTestId('docker-container-menu').click();
  await page.getByTestId('docker-container-inspect').click();
  await expect(page.getByTestId('docker-container-inspect-json')).toContainText(id, { timeout: 30_000 });
  await page.keyboard.press('Escape');

  await row.getByTestId('docker-container-menu').click();
  await page.getByTestId('docker-container-logs').click();
  await expect(page.getByTestId('docker-logs-state')).toHaveText(/Ended|Live/, { timeout: 30_000 });
  await page.keyboard.press('Escape');

  await row.getByTestId('docker-container-menu').click();
  await page.getByTestId('docker-container-rename').click();
  await page.getByTestId('docker-container-rename-input').fill('e2e-renamed');
  await page.keyboard.press('Enter');
  await expect.poll(names, { timeout: 120_000 }).toContain('e2e-renamed');
  await expect(row).toContainText('e2e-renamed', { timeout: 60_000 });

  await row.getByTestId('docker-container-menu').click();
  await page.getByTestId('docker-container-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(names, { timeout: 120_000 }).not.toContain('e2e-renamed');
  await expect(row).toHaveCount(0, { timeout: 60_000 });
});
