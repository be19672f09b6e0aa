/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 * Issue 16 §1 in the browser, on a real server with PHP 8.2 and a PHP site: `/servers/{s}/php8.2`
 * leads to the PHP page, which lists 8.2 as the default with its FPM running and the site using
 * it. A 150 MB upload to a PHP page of the site gets 413; the max upload size set to 256 MB on the
 * page (an event, its output shown), the same upload succeeds and PHP receives the whole file.
 * A php.ini broken in the editor is refused with php-fpm's own message, the file on the server
 * stays as it was, and the site still answers 200. Removing the version the site uses is refused,
 * and the dialog says why.
 */
const SERVER_NAME = 'phpe1';
const SITE = 'upload.test';
const UPLOAD_MB = 150;
const UPLOAD_BYTES = UPLOAD_MB * 1024 * 1024;
let server: TestServer;
let scratch: string;
let uploadFile: string;

test.beforeAll(async () => {
  // The first file to ask for the web image builds it (minutes; npm test's server tier leaves it built).
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
  scratch = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-e2e-php-'));
  uploadFile = path.join(scratch, 'upload.bin');
  writeFileSync(uploadFile, '');
  // Sparse: 150 MB of zeros to send, nothing written to the disk.
  truncateSync(uploadFile, UPLOAD_BYTES);
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await stopTestServer(SERVER_NAME);
});

async function onServer(command: string[], input?: string) {
  const result = await runOnTestServer(server, command, input === undefined ? {} : { input });
  expect(result.code, `${command.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/**
 * An HTTP request to the site from this host, as a visitor's would be (curl resolves the site's
 * name to the server's address): the status and the body. A body refused early (413) may end the
 * upload with a curl error; the status nginx answered is still what counts.
 */
function requestSite(pathname: string, upload = false): Promise<{ status: number; body: string }> {
  const args = [
    '-s',
    '--max-time',
    '300',
    '--resolve',
    `${SITE}:80:${server.address}`,
    '-w',
    '\n%{http_code}',
    ...(upload ? ['-F', `upload=@${uploadFile};type=application/octet-stream`] : []),
    `http://${SITE}${pathname}`,
  ];
  return new Promise((resolve) => {
    execFile('curl', args, { maxBuffer: 16 * 1024 * 1024 }, (_error, stdout) => {
      const lines = String(stdout).split('\n');
      resolve({ status: Number(lines.pop()), body: lines.join('\n') });
    });
  });
}

async function waitForSite(page: Page, siteId: number) {
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
  const body = (await (await page.request.get(`/api/sites/${siteId}`)).json()) as {
    data: { linux_user: string; home: string; directory: string };
  };
  return body.data;
}

test('PHP upload size, php.ini editor and removal on a real server', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'php-1',
  );

  // --- A PHP site with a page that reports the file it received.
  const created = await apiCall(page, 'POST', '/api/sites', {
    name: SITE,
    server_id: serverId,
    php_version: '8.2',
  });
  const siteId = ((await created.json()) as { id: number }).id;
  const site = await waitForSite(page, siteId);
  const webRoot = `${site.home}${site.directory === '/' ? '' : site.directory}`;
  await onServer(
    ['runuser', '-u', site.linux_user, '--', 'tee', `${webRoot}/upload.php`],
    "<?php\n$file = $_FILES['upload'] ?? null;\necho $file ? \"error={$file['error']} size={$file['size']}\" : 'no file';\n",
  );
  await expect.poll(async () => (await requestSite('/')).status, { timeout: 120_000 }).toBe(200);

  // --- Before: the web server refuses a 150 MB body.
  const before = await requestSite('/upload.php', true);
  expect(before.status, before.body).toBe(413);

  // --- /servers/{s}/php8.2 leads to the PHP page.
  await page.goto(`/servers/${serverId}/php8.2`);
  await expect(page).toHaveURL(new RegExp(`/servers/${serverId}/php$`));
  const row = page.locator('[data-testid="php-version-row"][data-version="8.2"]');
  await expect(row).toBeVisible({ timeout: 120_000 });
  await expect(row).toHaveAttribute('data-default', 'true');
  await expect(row).toHaveAttribute('data-fpm', 'active');
  await expect(row.getByTestId('php-default-badge')).toBeVisible();
  await expect(row.getByTestId('php-version-site')).toHaveText(SITE);

  // --- Max upload size 256 MB, an event whose output shows on the page.
  const settings = page.locator('[data-testid="php-settings"][data-version="8.2"]');
  await expect(settings).toBeVisible();
  await settings.getByTestId('php-upload-size').fill('256');
  await settings.getByTestId('php-upload-size-save').click();
  const output = page.getByTestId('php-event-output');
  await expect(output).toBeVisible({ timeout: 60_000 });
  await expect(output.getByTestId('status-badge')).toHaveAttribute('data-status-kind', 'success', {
    timeout: 5 * 60_000,
  });
  await expect(settings.getByTestId('php-upload-size')).toHaveValue('256', { timeout: 60_000 });

  // --- After: the same upload reaches PHP whole.
  const after = await requestSite('/upload.php', true);
  expect(after.status, after.body).toBe(200);
  expect(after.body).toContain(`error=0 size=${UPLOAD_BYTES}`);

  // --- A broken php.ini is refused with php-fpm's message; the live file and the site are untouched.
  const iniPath = '/etc/php/8.2/fpm/php.ini';
  const iniBefore = await onServer(['sha256sum', iniPath]);
  await settings.getByTestId('php-ini-open').click();
  const dialog = page.getByTestId('php-ini-dialog');
  const editor = dialog.getByTestId('php-ini-editor').locator('.cm-content');
  await expect(editor).toContainText('[PHP]', { timeout: 60_000 });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nbroken = = value\n');
  await expect(dialog.getByTestId('php-ini-dirty')).toBeVisible();
  await dialog.getByTestId('php-ini-save').click();
  const refused = dialog.getByTestId('php-ini-refused');
  await expect(refused).toBeVisible({ timeout: 3 * 60_000 });
  // php-fpm's own words, as the step quoted them, and its full output below.
  await expect(refused.getByTestId('php-ini-refused-reason')).toContainText('php-fpm8.2 -t refused');
  await expect(refused.getByTestId('php-ini-refused-reason')).toContainText(/syntax error, unexpected '='/);
  await expect(dialog.getByTestId('php-ini-output')).toContainText(/syntax error/i);
  // The draft stays in the editor to be fixed.
  await expect(editor).toContainText('broken = = value');
  expect(await onServer(['sha256sum', iniPath])).toBe(iniBefore);
  expect((await requestSite('/')).status).toBe(200);
  expect((await onServer(['systemctl', 'is-active', 'php8.2-fpm'])).trim()).toBe('active');
  await dialog.getByTestId('php-ini-close').click();
  await expect(dialog).toBeHidden();

  // --- Removing the version the site uses is refused, and the dialog names the site.
  await row.getByTestId('php-version-remove').click();
  await page.getByTestId('php-remove-submit').click();
  const refusal = page.getByTestId('php-remove-refused');
  await expect(refusal).toBeVisible({ timeout: 60_000 });
  await expect(refusal).toContainText(SITE);
  expect((await onServer(['systemctl', 'is-active', 'php8.2-fpm'])).trim()).toBe('active');
});
