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
 * Issue 18 in the browser, on a real server (the `web` image: docker.io installed): an image
 * loaded on the server from a tarball the test makes is listed on `/servers/{s}/docker` (Images
 * tab) with its tag, size and "unused", read live from the Engine API over SSH; the page warns
 * that published ports bypass ufw.
 */
const SERVER_NAME = 'dkb';
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

test('docker: the image list shows an image loaded on the server', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'docker-1',
  );
  const image = buildDockerImageTarball({ tags: ['hostdeck-e2e:1'], content: 'e2e\n' });
  const loaded = await runOnTestServer(
    server,
    ['bash', '-c', 'systemctl start docker.service && cat > /tmp/image.tar && docker load -i /tmp/image.tar'],
    { input: image.tarball },
  );
  expect(loaded.stdout, loaded.stderr).toContain('Loaded image: hostdeck-e2e:1');

  await page.goto(`/servers/${serverId}/docker?tab=images`);
  await expect(page.getByTestId('docker-ufw-warning')).toBeVisible({ timeout: 60_000 });
  const row = page.locator(`[data-testid="docker-images-row"][data-key="${image.imageId}"]`);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('hostdeck-e2e:1');
  await expect(row).toContainText(image.imageId.slice('sha256:'.length, 'sha256:'.length + 12));
  await expect(row.getByTestId('docker-image-unused')).toBeVisible();

  // The prune preview names what would go: nothing dangling here, the unused image with "all".
  await page.getByTestId('docker-images-prune').click();
  await expect(page.getByTestId('docker-prune-nothing')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('docker-prune-all').click();
  await expect(page.getByTestId('docker-prune-preview')).toContainText('hostdeck-e2e:1', { timeout: 30_000 });
});
