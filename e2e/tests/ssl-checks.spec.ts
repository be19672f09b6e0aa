/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { apiCall } from '../support/accounts';
import { E2E_PEBBLE, pointPebbleAt } from '../support/pebble';
import { registerVerifiedThroughOutbox, startSecondPanel, type SecondPanel } from '../support/second-panel';

/**
 * Issue 26, item 6, as the SSL page shows it: a name a public CA cannot issue for, or one that
 * does not point at the site's server, is refused at once with the reason, in the reader's
 * language, and nothing is stored or asked of the CA. (The CA's own errors and an unreachable CA
 * on the failed row need a server to run the event on: certificates.server.test.ts and
 * certificates.test.ts.)
 *
 * A second panel checks names as it would against Let's Encrypt (ACME_NAME_CHECK=public), asking
 * the DNS of the browser tests' pebble (each name here pointed where the test says), with an ACME
 * directory where nothing listens. Nothing here reaches a server, so the server and site rows
 * are written straight into that panel's PostgreSQL database; the requests go through the page.
 */
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A documentation address (RFC 5737): the panel refuses loopback ones for servers. */
const SERVER_IP = '192.0.2.10';
let panel: SecondPanel;
let databaseUrl: string;
let databaseName: string;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function sql(query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(query, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async ({ browser }) => {
  databaseName = `hostdeck_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The name is made of hex digits above: safe in DDL.
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  panel = await startSecondPanel(browser, Number(process.env.E2E_SSL_PANEL_PORT ?? 18_093), {
    DATABASE_URL: databaseUrl,
    // Nothing listens there: a request that got through would fail, never be issued.
    ACME_DIRECTORY_URL: `https://127.0.0.1:${await closedPort()}/directory`,
    ACME_NAME_CHECK: 'public',
    ACME_DNS_RESOLVER: `127.0.0.1:${E2E_PEBBLE.ports.dns}`,
  });
});

test.afterAll(async () => {
  await panel?.stop();
  if (!databaseName) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

/** An installed server of the signed-in user at SERVER_IP, with one site per name. */
async function serverWithSites(page: Page, names: string[]): Promise<Record<string, number>> {
  const created = await apiCall(page, 'POST', '/api/servers', {
    name: 'ssl-checks',
    ip: SERVER_IP,
    method: 'command',
  });
  const serverId = ((await created.json()) as { data: { id: number } }).data.id;
  await sql(`update servers set installed = true, status = 'INSTALLED' where id = $1`, [serverId]);
  const [owner] = await sql('select user_id from servers where id = $1', [serverId]);
  const ids: Record<string, number> = {};
  for (const name of names) {
    const [site] = await sql(
      `insert into sites (server_id, user_id, name, linux_user, status) values ($1, $2, $3, 'hostdeck', 'active') returning id`,
      [serverId, owner!.user_id, name],
    );
    ids[name] = Number(site!.id);
  }
  return ids;
}

async function requestFree(page: Page, siteId: number) {
  await page.goto(`/sites/${siteId}/ssl`);
  await page.getByTestId('ssl-free').click();
  await page.getByTestId('ssl-free-submit').click();
}

test('refuses names that cannot get a public certificate or do not point at the server', async () => {
  const context = await panel.newContext();
  const page = await context.newPage();
  await registerVerifiedThroughOutbox(page);
  const sites = await serverWithSites(page, ['shop.local', 'moved.hostdeck-e2e.com']);
  await pointPebbleAt('moved.hostdeck-e2e.com', '127.0.0.3');

  await requestFree(page, sites['shop.local']!);
  await expect(page.getByTestId('ssl-free-error')).toHaveText(
    'shop.local cannot get a public certificate: names under .local are reserved for private or test use.',
  );
  await page.keyboard.press('Escape');

  await requestFree(page, sites['moved.hostdeck-e2e.com']!);
  await expect(page.getByTestId('ssl-free-error')).toHaveText(
    `moved.hostdeck-e2e.com resolves to 127.0.0.3, not to this server (${SERVER_IP}): point its A (or AAAA) record at ${SERVER_IP}, then try again.`,
  );
  // Nothing was stored: no certificate row for either.
  expect(await sql('select id from certificates')).toEqual([]);

  // In Vietnamese, the same refusal in Vietnamese.
  await apiCall(page, 'PUT', '/api/user/preferences', { locale: 'vi' });
  await requestFree(page, sites['shop.local']!);
  await expect(page.getByTestId('ssl-free-error')).toHaveText(
    'shop.local không thể có chứng chỉ công khai: các tên thuộc .local được dành cho mạng riêng hoặc để thử nghiệm.',
  );
  await context.close();
});
