/// <reference lib="dom" />
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { expect, test, type Page } from '@playwright/test';
import { AGENT_PORT } from '@hostdeck/contracts';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer, waitForCurrentAgent } from '../support/servers';
import { terminalRows, typeInTerminal, waitForTerminalRow } from '../support/terminal';

/**
 * Issue 6 on a real server whose agent the panel installed itself: the file manager creates,
 * edits, uploads (200 MB, with progress), downloads (same checksum), zips, extracts, chmods and
 * chowns files the server then really has; a site's file manager refuses a link out of its home;
 * the remote terminal runs commands, follows the browser's size and reconnects.
 */
const SERVER_NAME = 'e2e-files';
const FOLDER = '/e2e-files';
const BIG_SIZE = 200 * 1024 * 1024;
let server: TestServer;
let scratch: string;

test.beforeAll(async () => {
  // The first file to ask for the web image builds it (minutes; npm test's server tier leaves it built).
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
  scratch = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-e2e-files-'));
});
test.afterAll(async () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await stopTestServer(SERVER_NAME);
});

async function onServer(command: string[]) {
  const result = await runOnTestServer(server, command);
  expect(result.code, `${command.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Writes `size` random bytes to `file` and returns their sha256. */
async function randomFile(file: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const chunk = 4 * 1024 * 1024;
  for (let written = 0; written < size; written += chunk) {
    const bytes = randomBytes(Math.min(chunk, size - written));
    hash.update(bytes);
    if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
  return hash.digest('hex');
}

async function sha256Of(file: string): Promise<string> {
  // Not `finished(stream.pipe(hash))`: nobody reads the hash's readable side, so it never ends.
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const row = (page: Page, name: string) => page.locator(`[data-testid="file-row"][data-name="${name}"]`);

/** Opens the file manager page and waits until the agent answered its first listing. */
async function openFileManager(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId('file-manager')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}

async function submitDialog(page: Page, name: string) {
  const dialog = page.getByTestId(`file-dialog-${name}`);
  await dialog.getByTestId('file-dialog-submit').click();
  // A refusal shows as a snackbar alert (or a field error): report it rather than a bare timeout.
  await expect
    .poll(
      async () => {
        if (!(await dialog.isVisible())) return 'closed';
        // CSS, not getByRole: an open dialog marks the snackbar's portal aria-hidden.
        const alerts = await page.locator('[role="alert"]').allInnerTexts();
        const errors = await dialog.locator('.Mui-error').allInnerTexts();
        return [...alerts, ...errors].join(' | ') || 'open';
      },
      { timeout: 120_000, message: `the ${name} dialog closes` },
    )
    .toBe('closed');
}

/** Selects exactly this row (a click toggles the single selection). */
async function selectOnly(page: Page, name: string) {
  const target = row(page, name);
  await target.locator('td').nth(1).click();
  await expect(target).toHaveClass(/Mui-selected/);
}

test('file manager and terminal on a server with the agent', async ({ page }) => {
  test.setTimeout(45 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'files-1',
  );
  // Provisioning queued install_agent; the server reports the agent's version once it answers.
  const AGENT_VERSION = await waitForCurrentAgent(page, serverId);
  // And the agent answers from outside the server, where the panel's file proxy reaches it.
  const agentVersion = await fetch(`http://${server.address}:${AGENT_PORT}/version`, {
    signal: AbortSignal.timeout(10_000),
  })
    .then(async (answer) => `${answer.status} ${await answer.text()}`)
    .catch((error: unknown) => String(error));
  if (!agentVersion.includes(String(AGENT_VERSION))) {
    const state = await runOnTestServer(server, [
      'sh',
      '-c',
      'systemctl status hostdeck-agent --no-pager; ss -ltnp; curl -s -m 5 http://127.0.0.1:2022/version; journalctl -u hostdeck-agent -n 40 --no-pager; iptables -S; nft list ruleset | head -50',
    ]);
    throw new Error(`agent /version: ${agentVersion}\n${state.stdout}\n${state.stderr}`);
  }

  // --- Create a folder and a file, edit the file, save with Ctrl+S.
  await openFileManager(page, `/servers/${serverId}/files`);
  await page.getByTestId('file-toolbar-new-folder').click();
  await page.getByTestId('file-dialog-name').fill(FOLDER.slice(1));
  await submitDialog(page, 'create-folder');
  await expect(row(page, FOLDER.slice(1))).toBeVisible();
  expect((await onServer(['stat', '-c', '%F', FOLDER])).trim()).toBe('directory');

  await row(page, FOLDER.slice(1)).locator('td').nth(1).dblclick();
  await expect(page.getByTestId('file-breadcrumb')).toContainText(FOLDER.slice(1));
  await expect(page.getByTestId('file-list-empty')).toBeVisible();
  await page.getByTestId('file-toolbar-new-file').click();
  await page.getByTestId('file-dialog-name').fill('notes.txt');
  await submitDialog(page, 'create-file');
  expect(await onServer(['cat', `${FOLDER}/notes.txt`])).toBe('');
  // A new file opens in its own tab.
  await expect(page.locator(`[data-testid="file-tab"][data-path="${FOLDER}/notes.txt"]`)).toBeVisible();
  const editor = page.getByTestId('file-editor').locator('.cm-content');
  await expect(editor).toBeVisible({ timeout: 60_000 });
  await editor.click();
  await page.keyboard.type('hello from the browser');
  await page.keyboard.press('Control+s');
  await expect
    .poll(async () => (await runOnTestServer(server, ['cat', `${FOLDER}/notes.txt`])).stdout, {
      timeout: 30_000,
    })
    .toContain('hello from the browser');
  await page.locator('[data-testid="file-tab"][data-path=""]').click();
  await expect(row(page, 'notes.txt')).toBeVisible();

  // --- Upload 200 MB with visible progress, download it back, same checksum.
  const bigFile = path.join(scratch, 'big.bin');
  const bigHash = await randomFile(bigFile, BIG_SIZE);
  await page.getByTestId('file-toolbar-upload').click();
  const uploadDialog = page.getByTestId('file-dialog-upload');
  await uploadDialog.getByTestId('file-dialog-file-input').setInputFiles(bigFile);
  await expect(uploadDialog.getByTestId('file-dialog-upload-item')).toContainText('big.bin');
  // The message is a snackbar that hides after SNACKBAR_TIMEOUT_MS: it is watched for from the
  // start, not looked for after the checks below (under load they outlast it).
  const uploadedMessage = expect(page.getByText('File big.bin uploaded successfully')).toBeVisible({
    timeout: 10 * 60_000,
  });
  await uploadDialog.getByTestId('file-dialog-submit').click();
  await expect(uploadDialog.getByTestId('file-dialog-upload-item').getByRole('progressbar')).toBeVisible();
  // Done: the item leaves the list and the folder shows the file.
  await expect(uploadDialog.getByTestId('file-dialog-upload-item')).toHaveCount(0, { timeout: 10 * 60_000 });
  await expect
    .poll(
      async () => (await runOnTestServer(server, ['sha256sum', `${FOLDER}/big.bin`])).stdout.split(' ')[0],
      {
        timeout: 30_000,
      },
    )
    .toBe(bigHash);
  // Every file arrived: the dialog closes by itself and says so.
  await expect(uploadDialog).toBeHidden();
  await uploadedMessage;
  await expect(row(page, 'big.bin')).toBeVisible({ timeout: 30_000 });

  await selectOnly(page, 'big.bin');
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByTestId('file-toolbar-download').click();
  const download = await downloading;
  const downloaded = path.join(scratch, 'downloaded.bin');
  await download.saveAs(downloaded);
  expect(await sha256Of(downloaded)).toBe(bigHash);
  rmSync(downloaded);

  // --- Zip it, then extract the archive into a folder.
  await page.getByTestId('file-toolbar-archive').click();
  const zipDialog = page.getByTestId('file-dialog-zip');
  await zipDialog.getByTestId('file-dialog-name').fill('big.zip');
  await submitDialog(page, 'zip');
  await expect(row(page, 'big.zip')).toBeVisible({ timeout: 60_000 });
  expect(await onServer(['unzip', '-l', `${FOLDER}/big.zip`])).toMatch(
    /\b209715200\s+\S+\s+\S+\s+big\.bin\b/,
  );

  await selectOnly(page, 'big.zip');
  await page.getByTestId('file-toolbar-extract').click();
  const extractDialog = page.getByTestId('file-dialog-decompress');
  await extractDialog.getByRole('radio').nth(1).check();
  await submitDialog(page, 'decompress');
  const extractedFolder = (await onServer(['ls', '-1', FOLDER]))
    .split('\n')
    .find((name) => name.startsWith('big') && !name.includes('.'));
  expect(extractedFolder, 'the folder the archive was extracted into').toBeTruthy();
  expect((await onServer(['sha256sum', `${FOLDER}/${extractedFolder}/big.bin`])).split(' ')[0]).toBe(bigHash);
  await expect(row(page, extractedFolder!)).toBeVisible({ timeout: 30_000 });

  // --- chmod 640 and chown through their dialogs, checked with stat.
  await row(page, 'notes.txt').getByTestId('file-row-permission').click();
  const chmodDialog = page.getByTestId('file-dialog-chmod');
  await chmodDialog.getByTestId('file-dialog-mode').fill('640');
  await expect(chmodDialog.getByTestId('file-dialog-perm-group-read')).toBeChecked();
  await expect(chmodDialog.getByTestId('file-dialog-perm-group-write')).not.toBeChecked();
  await submitDialog(page, 'chmod');
  await expect(row(page, 'notes.txt').getByTestId('file-row-permission')).toContainText('640', {
    timeout: 30_000,
  });

  await row(page, 'notes.txt').getByTestId('file-row-owner').click();
  const chownDialog = page.getByTestId('file-dialog-chown');
  await expect(chownDialog.getByTestId('file-dialog-same')).toBeChecked();
  await chownDialog.locator('[role="combobox"]').first().click();
  // Any user of the list but root (the file's owner now): 'same' moves the group with it.
  const owners = (await page.getByRole('option').allInnerTexts()).map((name) => name.trim());
  const newOwner = owners.find((name) => name !== 'root');
  expect(newOwner, `a user other than root in ${owners.join(', ')}`).toBeTruthy();
  await page.getByRole('option', { name: newOwner, exact: true }).click();
  await submitDialog(page, 'chown');
  await expect
    .poll(async () => (await onServer(['stat', '-c', '%a %U:%G', `${FOLDER}/notes.txt`])).trim(), {
      timeout: 30_000,
    })
    .toBe(`640 ${newOwner}:${newOwner}`);

  // --- A site's file manager does not follow a link out of the site's home.
  rmSync(bigFile);
  const created = await apiCall(page, 'POST', '/api/sites', {
    name: 'files.test',
    server_id: serverId,
    php_version: '8.2',
    isolation: true,
    username: 'filestest',
    password: 'Files-test-password-2024!',
  });
  const siteId = ((await created.json()) as { id: number }).id;
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
  await onServer(['ln', '-s', '/etc', '/home/filestest/files.test/etc-link']);

  await openFileManager(page, `/sites/${siteId}/files`);
  if (!(await row(page, 'etc-link').isVisible()))
    await row(page, 'files.test').locator('td').nth(1).dblclick();
  await expect(row(page, 'etc-link')).toBeVisible({ timeout: 30_000 });
  await row(page, 'etc-link').locator('td').nth(1).dblclick();
  await expect(page.getByText('Cannot open symbolic link to root directory')).toBeVisible();
  await expect(row(page, 'passwd')).toHaveCount(0);
  await expect(row(page, 'hostname')).toHaveCount(0);
  await expect(row(page, 'etc-link')).toBeVisible();

  // --- The terminal: remote mode by default, output, resize, reconnect.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/servers/${serverId}/ssh`);
  await expect(page.getByTestId('terminal-mode-remote')).toHaveAttribute('aria-pressed', 'true');
  const status = page.getByTestId('terminal-status');
  await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await typeInTerminal(page, 'echo hi');
  await waitForTerminalRow(page, /^hi$/);

  await typeInTerminal(page, "echo S1$(stty size | tr ' ' x)E");
  const before = await waitForTerminalRow(page, /^S1(\d+)x(\d+)E$/);
  await page.setViewportSize({ width: 900, height: 560 });
  // The pty follows after the 200 ms debounce: ask until the answer changes.
  let after: RegExpMatchArray | null = null;
  await expect
    .poll(
      async () => {
        const marker = `S${Date.now() % 100000}`;
        await typeInTerminal(page, `echo ${marker}$(stty size | tr ' ' x)E`);
        after = await waitForTerminalRow(page, new RegExp(`^${marker}(\\d+)x(\\d+)E$`));
        return `${after[1]}x${after[2]}`;
      },
      { timeout: 30_000, message: 'stty size after a resize' },
    )
    .not.toBe(`${before[1]}x${before[2]}`);
  const [, rows, cols] = after as unknown as RegExpMatchArray;
  expect(Number(cols)).toBeLessThan(Number(before[2]));
  expect(Number(rows)).toBeLessThan(Number(before[1]));

  // The server ends the session: 'Disconnected!', then Reconnect opens a new one.
  await onServer(['pkill', '-f', 'sshd:.*@pts']);
  await expect(status).toHaveAttribute('data-status', 'disconnected', { timeout: 30_000 });
  await waitForTerminalRow(page, /Disconnected!/);
  await page.getByTestId('terminal-reconnect').click();
  await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await typeInTerminal(page, 'echo again');
  await waitForTerminalRow(page, /^again$/);
  expect((await terminalRows(page)).length).toBeGreaterThan(0);
});
