/// <reference lib="dom" />
import { chromium, expect, test, type Page } from '@playwright/test';
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
 * Issue 19 in the browser, on a real server: the mail server installed from Applications; on its
 * page (/servers/{server}/mailserver) a domain and an account; a message delivered to the account
 * by the server's Postfix; Roundcube installed on a site of the server from the same page; then, in
 * Chromium, Roundcube's sign-in with the account's address and password shows the message in the
 * inbox. The site's name resolves to the test server in that browser only (--host-resolver-rules).
 */
const SERVER_NAME = 'rcae1';
const DOMAIN = 'rce.test';
const ACCOUNT = `alice@${DOMAIN}`;
const ACCOUNT_PASSWORD = 'Alice mail password 1';
const WEBMAIL_SITE = `webmail.${DOMAIN}`;
const SUBJECT = 'Hello from the mail journey';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  // From the web image (nginx and PHP as provisioning leaves them): the journey is about mail, and
  // provisioning from the bare base is the servers journey's and the provisioning test's subject.
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

async function onServer(command: string[], input?: string) {
  const result = await runOnTestServer(server, command, input === undefined ? {} : { input });
  expect(result.code, `${command.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Installs an application from the server's Applications page and waits until it is installed. */
async function installFromApplications(page: Page, serverId: number, application: string) {
  await page.goto(`/servers/${serverId}/applications`);
  const row = page.locator(`[data-testid="application-row"][data-app="${application}"]`);
  await expect(row).toHaveAttribute('data-installed', 'false', { timeout: 60_000 });
  await row.getByTestId('application-install').click();
  await expect(row).toHaveAttribute('data-installed', 'true', { timeout: 10 * 60_000 });
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
}

test('mail server: a domain, an account, and its inbox in Roundcube', async ({ page }) => {
  test.setTimeout(40 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'mail-1',
  );

  // --- Installed from Applications; the mail page shows its services.
  await installFromApplications(page, serverId, 'mailserver');
  await page.goto(`/servers/${serverId}/mailserver`);
  await expect(page.getByTestId('mail-status')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('mail-service-postfix')).toContainText('running');

  // --- A domain, with the DNS records it needs.
  await page.getByTestId('mail-domain-name').fill(DOMAIN);
  await page.getByTestId('mail-domain-add').click();
  const domainRow = page.getByTestId(`mail-domain-${DOMAIN}`);
  await expect(domainRow).toBeVisible({ timeout: 5 * 60_000 });
  await page.getByTestId(`mail-domain-check-${DOMAIN}`).click();
  await expect(page.getByTestId('mail-record-mx')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('mail-record-dkim')).toBeVisible();

  // --- An account.
  await page.getByTestId('mail-account-create').click();
  await page.getByTestId('mail-account-local').fill('alice');
  await page.getByTestId('mail-account-password').fill(ACCOUNT_PASSWORD);
  await page.getByTestId('mail-account-submit').click();
  await expect(page.getByTestId(`mail-account-${ACCOUNT}`)).toBeVisible({ timeout: 5 * 60_000 });

  // --- A message for it, delivered by the server's own Postfix.
  await onServer(
    ['/usr/sbin/sendmail', '-f', `root@${DOMAIN}`, ACCOUNT],
    `From: root@${DOMAIN}\nTo: ${ACCOUNT}\nSubject: ${SUBJECT}\n\nHello Alice.\n`,
  );

  // --- Roundcube on a site of the server, installed from the mail page.
  const created = await apiCall(page, 'POST', '/api/sites', {
    name: WEBMAIL_SITE,
    server_id: serverId,
    php_version: '8.2',
  });
  await waitForSite(page, ((await created.json()) as { id: number }).id);
  await page.reload();
  await page.getByTestId('mail-roundcube-install').click();
  await page.getByTestId('mail-roundcube-install-submit').click();
  const open = page.getByTestId(`mail-webmail-open-${WEBMAIL_SITE}`);
  await expect(open).toBeVisible({ timeout: 15 * 60_000 });
  await expect(open).toHaveAttribute('href', `http://${WEBMAIL_SITE}/roundcube/`);

  // --- Signed in with the account, Roundcube lists the message in the inbox.
  const browser = await chromium.launch({
    args: [`--host-resolver-rules=MAP ${WEBMAIL_SITE} ${server.address}`],
  });
  try {
    const webmail = await browser.newPage();
    await webmail.goto(`http://${WEBMAIL_SITE}/roundcube/`);
    await webmail.locator('#rcmloginuser').fill(ACCOUNT);
    await webmail.locator('#rcmloginpwd').fill(ACCOUNT_PASSWORD);
    await webmail.locator('#rcmloginsubmit').click();
    await expect(webmail.locator('#messagelist')).toContainText(SUBJECT, { timeout: 120_000 });
    await expect(webmail.locator('.header-title.username, .username').first()).toContainText(ACCOUNT);
  } finally {
    await browser.close();
  }
});
