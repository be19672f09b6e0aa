/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import {
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * The app catalogue of issue 21 point 5 in the browser, on a real server (the `web` image, 2
 * cores): the catalogue cards show what each app needs; Chatwoot is refused with the §9 message;
 * the panel's Tiny File Manager is removed from Settings; a site given a git code type is
 * uninstalled from Settings through the confirmation, and Install Source Code is back.
 */
const NAME = 'appse1';
const SITE = 'appse.test';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(30 * 60_000);
  server = await resetTestServer(NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(NAME);
});

test('site apps: catalogue, Chatwoot refused, Tiny File Manager removed, code uninstalled', async ({
  page,
}) => {
  test.setTimeout(30 * 60_000);
  await registerVerifiedUser(page);
  const nginx = { web_server: 'nginx' as const, php_versions: [], database: 'none' as const };
  const serverId = await connectInstalledServer(page, server, nginx, 'apps-1');
  const response = await apiCall(page, 'POST', '/api/sites', { name: SITE, server_id: serverId });
  const siteId = ((await response.json()) as { id: number }).id;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/sites/${siteId}`)).json()) as { data: { status: string } }).data
          .status,
      { timeout: 10 * 60_000, intervals: [2000] },
    )
    .toBe('active');

  await page.goto(`/sites/${siteId}/sourcecode`);
  await expect(page.getByTestId('site-app-chatwoot-needs')).toHaveText(
    'Needs 4 cores, 4 GB RAM, 10 GB disk',
    {
      timeout: 60_000,
    },
  );
  await page.getByTestId('site-app-chatwoot-install').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Install' }).click();
  await expect(
    page.getByText(/^Chatwoot needs at least 4 cores and 4 GB RAM; this server has 2 cores/),
  ).toBeVisible({
    timeout: 30_000,
  });

  const file = `/home/hostdeck/${SITE}/tinyfilemanager.php`;
  await runOnTestServer(server, [
    'bash',
    '-c',
    `printf '<?php\\n// hostdeck:tiny-file-manager\\n' > ${file} && chown hostdeck: ${file}`,
  ]);
  await page.goto(`/sites/${siteId}/settings`);
  await page.getByTestId('site-tfm-remove').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove Tiny File Manager' }).click();
  await expect
    .poll(async () => (await runOnTestServer(server, ['test', '-e', file])).code, { timeout: 120_000 })
    .not.toBe(0);

  // A git code type (its first deployment fails: the address leads nowhere, the type stays).
  await apiCall(page, 'POST', `/api/sites/${siteId}/code/git`, {
    repository: 'https://git.invalid/none.git',
    branch: 'main',
  });
  await page.reload();
  await page.getByTestId('site-code-uninstall').click({ timeout: 60_000 });
  await page.getByTestId('site-code-delete-data').check();
  await page.getByTestId('site-code-uninstall-confirm').click();
  await expect(page.getByTestId('site-code-card')).toBeHidden({ timeout: 180_000 });
  await expect(page.getByTestId('site-menu-sourcecode')).toBeVisible();
});
