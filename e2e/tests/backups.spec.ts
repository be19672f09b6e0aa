/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * Issue 20, backups in the browser on a real server (the `web` image): a local drive is added with
 * its "not a backup" warning shown; a configuration backs up one site; "Backup now" shows the run
 * live and it ends succeeded in the history (here and on /servers/backups); a file of the site is
 * then changed and another deleted, and restoring the whole site from the snapshot brings both back.
 * Then the site is deleted, and the snapshot restores it as a new site whose vhost answers its files.
 */
const SERVER_NAME = 'bkw-e2e';
const SITE = 'bkw.test';
const ROOT = `/home/hostdeck/${SITE}`;
const COPY = 'bkw-copy.test';
const DRIVE_FOLDER = '/var/backups/bkw-e2e';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => stopTestServer(SERVER_NAME));

async function onServer(script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

async function createSite(page: Page, serverId: number): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/sites', {
    name: SITE,
    server_id: serverId,
    php_version: '8.2',
  });
  const siteId = ((await response.json()) as { id: number }).id;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/sites/${siteId}`)).json()) as {
          data: { status: string };
        };
        if (body.data.status === 'failed') throw new Error('site creation failed');
        return body.data.status;
      },
      { timeout: 10 * 60_000, intervals: [2000] },
    )
    .toBe('active');
  return siteId;
}

interface ListedConfig {
  id: number;
  status: string;
}

async function configs(page: Page, serverId: number): Promise<ListedConfig[]> {
  return (
    (await (await page.request.get(`/api/servers/${serverId}/backups`)).json()) as { data: ListedConfig[] }
  ).data;
}

/** Picks `option` in the MUI select labelled `label` of the open dialog. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('backups: a local drive, backup now watched to the end, and a site restored', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'bkw-1',
  );
  const siteId = await createSite(page, serverId);
  await onServer(
    `set -e; printf 'original-%s\\n' 42 > ${ROOT}/bkw-marker.txt; printf 'keep-me\\n' > ${ROOT}/bkw-deleted.txt; ` +
      `chown hostdeck: ${ROOT}/bkw-marker.txt ${ROOT}/bkw-deleted.txt; install -d -m 700 ${DRIVE_FOLDER}`,
  );

  await page.goto(`/servers/${serverId}/backup`);
  await expect(page.getByTestId('backup-configs-empty')).toBeVisible({ timeout: 60_000 });

  // A local drive: the form says plainly that it is not a backup.
  await page.getByTestId('backup-drive-add').click();
  await choose(page, 'Kind', 'This server (not a backup)');
  await expect(page.getByTestId('backup-drive-local-warning')).toContainText('is not a backup');
  await page.getByTestId('backup-drive-name').fill('Local copy');
  await page.getByTestId('backup-drive-path').fill(DRIVE_FOLDER);
  await page.getByTestId('backup-drive-submit').click();
  const driveRow = page.getByTestId('backup-drives').getByRole('row', { name: /Local copy/ });
  await expect(driveRow).toContainText('Not a backup');

  // A configuration that backs up the site.
  await page.getByTestId('backup-create').click();
  await choose(page, 'Drive', /Local copy/);
  await page.getByTestId(`backup-config-sites-${SITE}`).check();
  await page.getByTestId('backup-config-submit').click();
  let configId = 0;
  await expect
    .poll(
      async () => {
        const [config] = await configs(page, serverId);
        configId = config?.id ?? 0;
        if (config?.status === 'failed') throw new Error('backup configuration failed');
        return config?.status;
      },
      { timeout: 10 * 60_000, intervals: [2000] },
    )
    .toBe('active');

  // Backup now: its output shows live, and the run ends succeeded in the history.
  await page.getByTestId(`backup-run-${configId}`).click();
  const output = page.getByTestId('backup-output');
  await expect(output).toBeVisible();
  await expect(output.getByTestId('status-badge')).toHaveAttribute('data-status-kind', 'success', {
    timeout: 15 * 60_000,
  });
  const history = page.getByTestId('backup-history-row').first();
  await expect(history).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
  await expect(history.getByTestId('backup-state')).toHaveText('Succeeded');
  await expect(page.getByTestId(`backup-config-${configId}`).getByTestId('backup-state')).toHaveText(
    'Succeeded',
  );

  // The same run on the page of every server's backups, found by the filters.
  await page.goto('/servers/backups');
  await expect(page.getByTestId('backups-row').first()).toHaveAttribute('data-state', 'succeeded', {
    timeout: 60_000,
  });
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page.getByTestId('backups-row')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Succeeded' }).click();
  await expect(page.getByTestId('backups-row')).toHaveCount(1);

  // The site changes after the backup; restoring the whole site brings it back as it was.
  await onServer(`set -e; printf 'changed\\n' > ${ROOT}/bkw-marker.txt; rm ${ROOT}/bkw-deleted.txt`);
  await page.goto(`/servers/${serverId}/backup`);
  await page.getByTestId(`backup-restore-${configId}`).click();
  await choose(page, 'Snapshot', /·/);
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'What to restore' })).toHaveText(
    'A whole site',
  );
  await page.getByTestId('backup-restore-submit').click();
  const restoreOutput = page.getByTestId('backup-output');
  await expect(restoreOutput).toContainText(`Restore`, { timeout: 60_000 });
  await expect(restoreOutput.getByTestId('status-badge')).toHaveAttribute('data-status-kind', 'success', {
    timeout: 15 * 60_000,
  });
  expect((await onServer(`cat ${ROOT}/bkw-marker.txt`)).trim()).toBe('original-42');
  expect((await onServer(`cat ${ROOT}/bkw-deleted.txt`)).trim()).toBe('keep-me');
  expect((await onServer(`stat -c %U ${ROOT}/bkw-marker.txt`)).trim()).toBe('hostdeck');

  // The site is deleted; the snapshot still lists it, and it comes back as a new site that answers.
  await apiCall(page, 'DELETE', `/api/sites/${siteId}`, {});
  await expect
    .poll(async () => (await page.request.get(`/api/sites/${siteId}`)).status(), {
      timeout: 5 * 60_000,
      intervals: [2000],
    })
    .toBe(404);
  await page.reload();
  await page.getByTestId(`backup-restore-${configId}`).click();
  await choose(page, 'Snapshot', /·/);
  // The snapshot's own list names the site, marked deleted.
  await choose(page, 'Site', /bkw\.test.*deleted/);
  await choose(page, 'Restore to', 'A new site');
  await page.getByTestId('backup-restore-new-site').fill(COPY);
  await page.getByTestId('backup-restore-submit').click();
  await expect(restoreOutput.getByTestId('status-badge')).toHaveAttribute('data-status-kind', 'success', {
    timeout: 15 * 60_000,
  });
  expect((await onServer(`curl -s -H 'Host: ${COPY}' http://127.0.0.1/bkw-marker.txt`)).trim()).toBe(
    'original-42',
  );
  await page.goto('/sites');
  await expect(page.getByText(COPY).first()).toBeVisible({ timeout: 60_000 });
});
