/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer, waitForCurrentAgent } from '../support/servers';

/**
 * Issue 15's dumps in the browser, on a real server with MariaDB: a 50 MB `.sql.gz` made on the
 * server is imported through the file manager's "Import database" with its progress shown, and the
 * server then has every row; "Backup now" writes a dump the browser downloads, which restored by
 * hand into a new database gives the same table checksums; phpMyAdmin installed on a site from the
 * MariaDB page opens, signed in as the database's user, on a page that shows the database.
 * (Creating databases and users, grants and deleting are databases.spec.ts's.)
 */
const SERVER_NAME = 'wdd-e2e';
/** The site phpMyAdmin is installed on: the browser resolves it to the test server (below). */
const SITE = 'pma.test';
const DATABASE = 'impdb';
const OWNER = 'impuser';
const RESTORED = 'restoredb';
const FOLDER = '/e2e-dumps';
const DUMP_FILE = 'import.sql.gz';
/** Rows of 48 random bytes in base64: about 50 MB once gzipped. */
const ROWS = 1_000_000;

/**
 * The server is booted once for the file, before the browser: the browser's resolver maps the
 * site's name to the server's address (`--host-resolver-rules`), as DNS would for a real site.
 */
const test = base.extend<object, { testServer: TestServer }>({
  testServer: [
    // Playwright reads which fixtures a fixture needs from this pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await bootTestServer(SERVER_NAME, { image: 'web' });
      const server = await resetTestServer(SERVER_NAME, { image: 'web' });
      await use(server);
      await stopTestServer(SERVER_NAME);
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  launchOptions: [
    async ({ launchOptions, testServer }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${SITE} ${testServer.address}`],
      });
    },
    { scope: 'worker' },
  ],
});

let server: TestServer;
let scratch: string;
test.beforeAll(({ testServer }) => {
  server = testServer;
  scratch = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-e2e-dumps-'));
});
test.afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function onServer(command: string[], input?: string | Buffer) {
  const result = await runOnTestServer(server, command, input === undefined ? {} : { input });
  expect(result.code, `${command.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** `mariadb -N -e SQL` as the server's unix-socket root. */
async function sqlOnServer(sql: string, database?: string) {
  return onServer(['mariadb', '-N', ...(database ? ['-D', database] : []), '-e', sql]);
}

/** Waits for an event to end and expects it to have succeeded (its output in the message). */
async function expectEventSucceeds(page: Page, eventId: number, timeout: number) {
  let last: { status: string; is_finished: boolean; output: string; error_reason: string | null } | null =
    null;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/events/${eventId}`)).json()) as {
          data: NonNullable<typeof last>;
        };
        last = body.data;
        return last.is_finished;
      },
      { timeout, intervals: [2000], message: `event ${eventId} ends` },
    )
    .toBe(true);
  const ended = last!;
  expect(
    ['ERROR', 'REJECTED', 'CANCELLED'],
    `event ${eventId}: ${ended.status} ${ended.error_reason ?? ''}\n${ended.output}`,
  ).not.toContain(ended.status.toUpperCase());
}

const fileRow = (page: Page, name: string) => page.locator(`[data-testid="file-row"][data-name="${name}"]`);
const databaseRow = (page: Page, name: string) =>
  page.locator(`[data-testid="database-row"][data-name="${name}"]`);

/** Opens the MariaDB page and waits for its first sync with the server to end. */
async function openMariadbPage(page: Page, serverId: number) {
  await page.goto(`/servers/${serverId}/mariadb`);
  await expect(page.getByTestId('databases-page')).toHaveAttribute('data-engine', 'mariadb', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('databases-section')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('databases-sync-failed')).toHaveCount(0);
}

test('import, dump, download, restore and phpMyAdmin on a real MariaDB server', async ({ page, context }) => {
  test.setTimeout(40 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'mariadb' },
    'wdd-1',
  );
  // The file manager talks to the agent provisioning installs.
  await waitForCurrentAgent(page, serverId);

  // --- A database with its owner, through the API (the page's create form is databases.spec.ts's).
  const created = await apiCall(page, 'POST', `/api/servers/${serverId}/databases`, {
    type: 'mariadb',
    name: DATABASE,
    user: { name: OWNER, host: 'localhost' },
  });
  const createdBody = (await created.json()) as { data: { id: number; database: { id: number } } };
  await expectEventSucceeds(page, createdBody.data.id, 120_000);

  // --- A ~50 MB .sql.gz made on the server: a table and ROWS rows, 1000 a statement.
  await onServer([
    'bash',
    '-c',
    'set -euo pipefail; mkdir -p "$1"; ' +
      'head -c "$(($2 * 48))" /dev/urandom | base64 -w 64 | awk \'' +
      'BEGIN { print "CREATE TABLE items (id INT PRIMARY KEY, payload VARCHAR(64) NOT NULL) ENGINE=InnoDB;" } ' +
      '{ printf "%s(%d,\\x27%s\\x27)", ((NR - 1) % 1000 == 0 ? (NR > 1 ? ";\\nINSERT INTO items VALUES " : "INSERT INTO items VALUES ") : ","), NR, $0 } ' +
      'END { print ";" }\' | gzip -1 > "$1/$3"',
    'make-dump',
    FOLDER,
    String(ROWS),
    DUMP_FILE,
  ]);
  const dumpSize = Number((await onServer(['stat', '-c', '%s', `${FOLDER}/${DUMP_FILE}`])).trim());
  expect(dumpSize, 'the generated dump is about 50 MB').toBeGreaterThan(45 * 1024 * 1024);

  // --- Import it through the file manager, with its progress shown.
  await page.goto(`/servers/${serverId}/files`);
  await expect(page.getByTestId('file-manager')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await fileRow(page, FOLDER.slice(1)).locator('td').nth(1).dblclick();
  await expect(page.getByTestId('file-breadcrumb')).toContainText(FOLDER.slice(1));
  const dumpRow = fileRow(page, DUMP_FILE);
  await dumpRow.locator('td').nth(1).click();
  await expect(dumpRow).toHaveClass(/Mui-selected/);
  await dumpRow.locator('td').nth(1).click({ button: 'right' });
  await page.getByTestId('file-menu-import-database').click();
  const importDialog = page.getByTestId('file-dialog-import-database');
  await expect(importDialog).toContainText(`${FOLDER}/${DUMP_FILE}`);
  await importDialog.locator('[role="combobox"]').click();
  await page.getByRole('option', { name: `${DATABASE} (mariadb)` }).click();
  await expect(importDialog.getByTestId('file-dialog-database')).toHaveValue(
    String(createdBody.data.database.id),
  );
  await importDialog.getByTestId('file-dialog-submit').click();
  const output = importDialog.getByTestId('import-database-output');
  const progress = output.getByTestId('import-database-output-progress');
  await expect(progress).toBeVisible({ timeout: 120_000 });
  await expect(output.getByTestId('status-badge')).toHaveAttribute('data-status-kind', 'success', {
    timeout: 15 * 60_000,
  });
  await expect(progress).toHaveAttribute('data-percent', '100');
  expect((await sqlOnServer('SELECT COUNT(*) FROM items', DATABASE)).trim()).toBe(String(ROWS));

  // --- Backup now on the MariaDB page, then download the dump.
  await openMariadbPage(page, serverId);
  const database = databaseRow(page, DATABASE);
  await expect(database).toHaveAttribute('data-status', 'active', { timeout: 60_000 });
  await expect(database.getByTestId('database-dumps')).toHaveText('0');
  await database.getByTestId('database-backup').click();
  await expect(database.getByTestId('database-dumps')).toHaveText('1', { timeout: 10 * 60_000 });
  await expect(database).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  await database.getByTestId('database-dumps').click();
  const dumpsDialog = page.getByTestId('database-dumps-dialog');
  const dump = dumpsDialog.getByTestId('database-dump');
  await expect(dump).toHaveCount(1);
  const dumpName = (await dump.getAttribute('data-file'))!;
  expect(dumpName).toMatch(new RegExp(`^${DATABASE}--\\d{8}T\\d{6}Z\\.sql\\.gz$`));
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await dump.getByTestId('database-dump-download').click();
  const download = await downloading;
  const downloaded = path.join(scratch, dumpName);
  await download.saveAs(downloaded);
  const bytes = readFileSync(downloaded);
  // The bytes are the dump on the server.
  const onDisk = await onServer(['sha256sum', `/var/backups/hostdeck/databases/mariadb/${dumpName}`]);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(onDisk.split(' ')[0]);

  // --- Restore the downloaded bytes by hand into a new database: same table checksums.
  await onServer(['bash', '-c', 'cat > /root/restore.sql.gz'], bytes);
  await sqlOnServer(`CREATE DATABASE ${RESTORED}`);
  await onServer([
    'bash',
    '-c',
    'set -o pipefail; zcat /root/restore.sql.gz | mariadb "$1"',
    'restore',
    RESTORED,
  ]);
  const tables = (await sqlOnServer('SHOW TABLES', DATABASE)).trim().split('\n');
  expect((await sqlOnServer('SHOW TABLES', RESTORED)).trim().split('\n')).toEqual(tables);
  for (const table of tables) {
    const sums = (await sqlOnServer(`CHECKSUM TABLE ${DATABASE}.${table}, ${RESTORED}.${table}`))
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[1]);
    expect(sums[0], `CHECKSUM TABLE ${table}`).toMatch(/^\d+$/);
    expect(sums[1], `CHECKSUM TABLE ${table}`).toBe(sums[0]);
  }
  expect((await sqlOnServer('SELECT COUNT(*) FROM items', RESTORED)).trim()).toBe(String(ROWS));
  await page.keyboard.press('Escape');
  await expect(dumpsDialog).toBeHidden();

  // --- phpMyAdmin: installed on a site from the MariaDB page, opened as the database's owner.
  const site = await apiCall(page, 'POST', '/api/sites', {
    name: SITE,
    server_id: serverId,
    php_version: '8.2',
  });
  const siteId = ((await site.json()) as { id: number }).id;
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

  await openMariadbPage(page, serverId);
  await page.getByTestId('database-phpmyadmin-install').click();
  const installed = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/sites/${siteId}/code/phpmyadmin`) &&
      response.request().method() === 'POST',
  );
  await page.getByTestId('database-phpmyadmin-install-submit').click();
  const installResponse = await installed;
  expect(installResponse.status(), await installResponse.text()).toBe(201);
  const installEvent = ((await installResponse.json()) as { data: { id: number } }).data.id;
  await expectEventSucceeds(page, installEvent, 15 * 60_000);

  await page.getByTestId('database-phpmyadmin-open').click({ timeout: 120_000 });
  const openDialog = page
    .getByRole('dialog')
    .filter({ has: page.getByTestId('database-phpmyadmin-open-submit') });
  await expect(openDialog.locator('[role="combobox"]').first()).toContainText(OWNER);
  const opening = context.waitForEvent('page', { timeout: 60_000 });
  await page.getByTestId('database-phpmyadmin-open-submit').click();
  const phpMyAdmin = await opening;
  // The sign-on link leads on to phpMyAdmin on the site itself.
  await expect(phpMyAdmin).toHaveURL(/^https?:\/\/pma\.test\/phpmyadmin\//, { timeout: 60_000 });
  // Signed in: phpMyAdmin's navigation lists the user's database (no login form).
  await expect(phpMyAdmin.locator('body')).toContainText(DATABASE, { timeout: 60_000 });
  await expect(phpMyAdmin.locator('input[name="pma_password"]')).toHaveCount(0);
  await phpMyAdmin.close();
});
