/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from '@playwright/test';
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
 * Issue 15 in the browser, on a real server connected without a database: MariaDB installed from
 * Applications; on its page, create a database with a user
 * (its generated password shown once), connect with that user on the server and write a row;
 * create a second user and grant it read-only (it reads and cannot write); the side menu counts
 * the database; delete it with its name typed. PostgreSQL, also installed from Applications, likewise
 * creates a database with a user that connects and writes.
 */
const SERVER_NAME = 'wdb-e2e';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await bootTestServer(SERVER_NAME);
  server = await resetTestServer(SERVER_NAME);
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

/** Runs a command on the server with a password on its stdin, read into `variable` (never argv). */
async function withPassword(variable: 'MYSQL_PWD' | 'PGPASSWORD', password: string, command: string[]) {
  return runOnTestServer(
    server,
    ['sh', '-c', `IFS= read -r ${variable}; export ${variable}; exec "$@"`, 'sh', ...command],
    { input: `${password}\n` },
  );
}

async function mariadbAs(user: string, password: string, database: string, sql: string) {
  return withPassword('MYSQL_PWD', password, ['mariadb', '-u', user, '-D', database, '-N', '-e', sql]);
}

async function psqlAs(user: string, password: string, database: string, sql: string) {
  return withPassword('PGPASSWORD', password, [
    'psql',
    '-h',
    '127.0.0.1',
    '-U',
    user,
    '-d',
    database,
    '-tA',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    sql,
  ]);
}

const databaseRow = (page: Page, name: string) =>
  page.locator(`[data-testid="database-row"][data-name="${name}"]`);
const userRow = (page: Page, name: string) =>
  page.locator(`[data-testid="database-user-row"][data-name="${name}"]`);

/** Opens an engine's page and waits for its first sync with the server to end. */
async function openEnginePage(page: Page, serverId: number, engine: string) {
  await page.goto(`/servers/${serverId}/${engine}`);
  await expect(page.getByTestId('databases-page')).toHaveAttribute('data-engine', engine, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('databases-section')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('databases-sync-failed')).toHaveCount(0);
}

/** Reads the password dialog (shown once), checks it, closes it, and answers the password. */
async function takeShownPassword(page: Page): Promise<string> {
  const dialog = page.getByTestId('database-password-dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const password = await dialog.getByTestId('database-password').inputValue();
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  await dialog.getByTestId('database-password-done').click();
  await expect(dialog).toBeHidden();
  return password;
}

/** Installs an application from the server's Applications page and waits until it is installed. */
async function installFromApplications(page: Page, serverId: number, application: string) {
  await page.goto(`/servers/${serverId}/applications`);
  const row = page.locator(`[data-testid="application-row"][data-app="${application}"]`);
  await expect(row).toHaveAttribute('data-installed', 'false', { timeout: 60_000 });
  await row.getByTestId('application-install').click();
  await expect(row).toHaveAttribute('data-installed', 'true', { timeout: 10 * 60_000 });
  await expect(page.getByTestId(`server-menu-${application}`)).toBeVisible({ timeout: 60_000 });
}

async function expectActive(row: Locator) {
  await expect(row).toHaveAttribute('data-status', 'active', { timeout: 120_000 });
  await expect(row).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
}

test('databases and users on MariaDB and PostgreSQL pages of a real server', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'wdb-1',
  );

  // --- MariaDB, installed from Applications (the server was connected without a database).
  await installFromApplications(page, serverId, 'mariadb');

  // --- MariaDB: a database with its user; the password is shown once.
  await openEnginePage(page, serverId, 'mariadb');
  await expect(page.getByTestId('database-engine-state')).toHaveAttribute('data-state', 'active', {
    timeout: 60_000,
  });
  await page.getByTestId('database-create').click();
  await page.getByTestId('database-create-name').fill('shopdb');
  await page.getByTestId('database-create-with-user').check();
  await page.getByTestId('database-create-user-name').fill('shopuser');
  // `%` warns; the user is kept to this server.
  await page.getByTestId('database-host-any').check();
  await expect(page.getByTestId('database-host-any-warning')).toBeVisible();
  await page.getByTestId('database-host-localhost').check();
  await expect(page.getByTestId('database-host-any-warning')).toBeHidden();
  await page.getByTestId('database-create-submit').click();
  const ownerPassword = await takeShownPassword(page);

  const shop = databaseRow(page, 'shopdb');
  await expectActive(shop);
  const owner = userRow(page, 'shopuser');
  await expectActive(owner);
  await expect(owner).toHaveAttribute('data-host', 'localhost');
  await expect(owner.locator('[data-testid="database-user-grant"][data-database="shopdb"]')).toHaveAttribute(
    'data-access',
    'all',
  );
  // Nothing shows the password again.
  await expect(page.locator('body')).not.toContainText(ownerPassword);

  // The user connects on the server and writes a row.
  const write = await mariadbAs(
    'shopuser',
    ownerPassword,
    'shopdb',
    'CREATE TABLE items (id INT PRIMARY KEY); INSERT INTO items VALUES (1), (2); SELECT COUNT(*) FROM items;',
  );
  expect(write.stderr).toBe('');
  expect(write.stdout.trim()).toBe('2');

  // The side menu counts it.
  await expect(page.getByTestId('server-menu-mariadb-count')).toHaveText('1', { timeout: 30_000 });

  // --- A second user, granted read-only: it reads and cannot write.
  await page.getByTestId('database-user-create').click();
  await page.getByTestId('database-user-create-name').fill('reader');
  await page.getByTestId('database-user-create-submit').click();
  const readerPassword = await takeShownPassword(page);
  const reader = userRow(page, 'reader');
  await expectActive(reader);
  await reader.getByTestId('database-user-grant-open').click();
  await expect(page.getByTestId('database-grant-database')).toHaveValue('shopdb');
  await page.getByTestId('database-grant-access-read').check();
  await page.getByTestId('database-grant-submit').click();
  await expect(reader.locator('[data-testid="database-user-grant"][data-database="shopdb"]')).toHaveAttribute(
    'data-access',
    'read',
    { timeout: 120_000 },
  );
  const read = await mariadbAs('reader', readerPassword, 'shopdb', 'SELECT COUNT(*) FROM items;');
  expect(read.stdout.trim()).toBe('2');
  const denied = await mariadbAs('reader', readerPassword, 'shopdb', 'INSERT INTO items VALUES (3);');
  expect(denied.code).not.toBe(0);
  expect(denied.stderr).toMatch(/denied/i);

  // --- Delete, typing the name: a wrong name is refused before anything runs.
  await shop.getByTestId('database-delete').click();
  await page.getByTestId('database-delete-name').fill('shopd');
  await expect(page.getByTestId('database-delete-submit')).toBeDisabled();
  await page.getByTestId('database-delete-name').fill('shopdb');
  await page.getByTestId('database-delete-submit').click();
  await expect(shop).toHaveCount(0, { timeout: 120_000 });
  const databases = await runOnTestServer(server, ['mariadb', '-N', '-e', 'SHOW DATABASES']);
  expect(databases.stdout.split('\n')).not.toContain('shopdb');
  // Its users stay.
  await expect(reader).toBeVisible();
  await expect(page.getByTestId('server-menu-mariadb-count')).toHaveText('0', { timeout: 30_000 });

  // --- PostgreSQL, installed from Applications.
  await installFromApplications(page, serverId, 'postgresql');

  await openEnginePage(page, serverId, 'postgresql');
  await page.getByTestId('database-create').click();
  await page.getByTestId('database-create-name').fill('pgshop');
  await page.getByTestId('database-create-with-user').check();
  await page.getByTestId('database-create-user-name').fill('pguser');
  // PostgreSQL accounts have no host.
  await expect(page.getByTestId('database-host-localhost')).toHaveCount(0);
  await page.getByTestId('database-create-submit').click();
  const pgPassword = await takeShownPassword(page);
  const pgShop = databaseRow(page, 'pgshop');
  await expectActive(pgShop);
  const pgUser = userRow(page, 'pguser');
  await expectActive(pgUser);
  await expect(pgUser.locator('[data-testid="database-user-grant"][data-database="pgshop"]')).toHaveAttribute(
    'data-access',
    'all',
  );
  const pgWrite = await psqlAs(
    'pguser',
    pgPassword,
    'pgshop',
    'CREATE TABLE items (id int PRIMARY KEY); INSERT INTO items VALUES (1); SELECT count(*) FROM items;',
  );
  expect(pgWrite.stderr).toBe('');
  // psql prints each command's tag, then the count.
  expect(pgWrite.stdout.trim().split('\n').at(-1)).toBe('1');
  await expect(page.getByTestId('server-menu-postgresql-count')).toHaveText('1', { timeout: 30_000 });

  // Sync reads size and owner from the server (the user owns its database on PostgreSQL).
  await page.getByTestId('databases-sync').click();
  await expect(pgShop.getByTestId('database-owner')).toHaveText('pguser', { timeout: 60_000 });
  await expect(pgShop.getByTestId('database-size')).toHaveText(/\d.*B$/);
});
