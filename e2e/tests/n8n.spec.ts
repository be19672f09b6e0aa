/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { installFakeN8n } from '../support/n8n-fake';
import { connectInstalledServer } from '../support/servers';

/**
 * n8n on a site (issue 21 point 4) in the browser, on a real server (the `web` image): the n8n
 * page's install button starts the install (the server has no internet, so it stops at the
 * Node.js download and says so); then n8n's stand-in (support/n8n-fake.ts: the real n8n is
 * proven by packages/recipes/src/n8n/n8n.server.test.ts) is put where n8n-install leaves it, and
 * the page shows its version and status, imports a workflow and credentials from files, lists
 * them, activates and deactivates the workflow, downloads the exports and runs the maintenance
 * calls (restart, owner reset, licence clear, MFA disable, stop by the unit and start), each
 * checked on the server. One check in Vietnamese.
 */
const NAME = 'n8ne1';
const SITE = 'n8ne.test';
const USER = 'hostdeck';
const VERSION = '1.123.50';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(20 * 60_000);
  server = await resetTestServer(NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(NAME);
});

async function onServer(script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  expect(result.code, `${script}\n${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

/** The fake n8n's store on the server (what the CLI calls left). */
async function stored(): Promise<{
  workflows: { id: string; active?: boolean }[];
  credentials: { id: string }[];
}> {
  return JSON.parse(
    await onServer(
      `cat /home/${USER}/${SITE}/.n8n/fake.json 2>/dev/null || echo '{"workflows":[],"credentials":[]}'`,
    ),
  );
}

async function finishedOutput(page: Page, text: string | RegExp) {
  await expect(page.getByTestId('site-n8n-output')).toContainText(text, { timeout: 120_000 });
}

test('n8n page: install, status, workflows and credentials, exports, maintenance (en, one vi check)', async ({
  page,
}) => {
  test.setTimeout(30 * 60_000);
  await registerVerifiedUser(page);
  const nginx = { web_server: 'nginx' as const, php_versions: [], database: 'none' as const };
  const serverId = await connectInstalledServer(page, server, nginx, 'n8n-1');
  const created = await apiCall(page, 'POST', '/api/sites', { name: SITE, server_id: serverId });
  const siteId = ((await created.json()) as { id: number }).id;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/sites/${siteId}`)).json()) as { data: { status: string } }).data
          .status,
      { timeout: 10 * 60_000, intervals: [2000] },
    )
    .toBe('active');
  const port = (
    (await (await page.request.get(`/api/sites/${siteId}/n8n/info`)).json()) as {
      data?: { port: number };
    }
  ).data?.port;
  expect(port).toBeUndefined(); // 409 before the install: no n8n yet.

  // The install button: the event runs on the server and stops at the download (no internet).
  await page.goto(`/sites/${siteId}/n8n`);
  await expect(page.getByText(`Installs n8n ${VERSION} as this site's user`)).toBeVisible({
    timeout: 60_000,
  });
  await page.getByTestId('site-n8n-install').click();
  await finishedOutput(page, 'could not download Node.js');

  // n8n as n8n-install leaves it (the stand-in), on the port the panel gave the site.
  const info = (await (await page.request.get(`/api/sites/${siteId}/n8n/info`)).json()) as {
    data: { port: number; installed: boolean };
  };
  expect(info.data.installed).toBe(false);
  await installFakeN8n(server, { site: SITE, user: USER, port: info.data.port, version: VERSION });
  await page.reload();
  await expect(page.getByTestId('site-n8n-version')).toHaveText(`Version: ${VERSION}`, { timeout: 60_000 });
  await expect(page.getByTestId('site-n8n-status')).toHaveText('Status: active');
  await expect(page.getByRole('link', { name: 'Open the editor' })).toHaveAttribute(
    'href',
    `http://${SITE}/`,
  );

  // Import a workflow and credentials from files; both are listed.
  const workflow = {
    id: 'E2eFlow000000001',
    name: 'Browser hook',
    active: false,
    nodes: [],
    connections: {},
  };
  await page.getByTestId('site-n8n-import-workflows').setInputFiles({
    name: 'workflow.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([workflow])),
  });
  await finishedOutput(page, 'imported the workflows of the file');
  const row = page.getByTestId(`site-n8n-workflow-${workflow.id}`);
  await expect(row).toContainText('Browser hook', { timeout: 60_000 });
  await expect(row).toContainText('No');
  const credential = {
    id: 'E2eCred000000001',
    name: 'Browser key',
    type: 'httpHeaderAuth',
    data: { value: 's3cret' },
  };
  await page.getByTestId('site-n8n-import-credentials').setInputFiles({
    name: 'credentials.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([credential])),
  });
  await expect(page.getByTestId(`site-n8n-credential-${credential.id}`)).toContainText('httpHeaderAuth', {
    timeout: 120_000,
  });
  expect((await stored()).credentials.map((item) => item.id)).toEqual([credential.id]);

  // Activate, then deactivate: the list follows and the server holds it.
  await row.getByTestId(`site-n8n-workflow-${workflow.id}-toggle`).click();
  await expect(row).toContainText('Yes', { timeout: 120_000 });
  expect((await stored()).workflows).toMatchObject([{ id: workflow.id, active: true }]);
  await row.getByTestId(`site-n8n-workflow-${workflow.id}-toggle`).click();
  await expect(row).toContainText('No', { timeout: 120_000 });
  expect((await stored()).workflows).toMatchObject([{ id: workflow.id, active: false }]);

  // The exports download n8n's own JSON.
  const [workflowsFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('site-n8n-export-workflows').click(),
  ]);
  expect(workflowsFile.suggestedFilename()).toBe('n8n-workflows.json');
  const exported = JSON.parse(readFileSync((await workflowsFile.path())!, 'utf8')) as { id: string }[];
  expect(exported).toMatchObject([{ id: workflow.id, name: 'Browser hook' }]);
  const [credentialsFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('site-n8n-export-credentials').click(),
  ]);
  const credentialsExport = readFileSync((await credentialsFile.path())!, 'utf8');
  expect(credentialsExport).toContain(credential.id);
  expect(credentialsExport).not.toContain('s3cret');

  // The maintenance calls, each an event that ends well.
  const unitPid = async () =>
    (await onServer(`systemctl show -p MainPID --value hostdeck-n8n-${SITE}.service`)).trim();
  const before = await unitPid();
  await page.getByTestId('site-n8n-call-restart').click();
  // (The deactivation's output said "restarted" already: the unit's new process tells this one.)
  await expect.poll(unitPid, { timeout: 120_000 }).not.toBe(before);
  await finishedOutput(page, 'restarted n8n');
  await page.getByTestId('site-n8n-call-userReset').click();
  await finishedOutput(page, 'reset the user management of n8n');
  await page.getByTestId('site-n8n-call-licenseClear').click();
  await finishedOutput(page, 'cleared the licence of n8n');
  await page.getByTestId('site-n8n-email').fill('owner@n8ne.test');
  await page.getByTestId('site-n8n-mfa-disable').click();
  await finishedOutput(page, 'disabled MFA for owner@n8ne.test');
  await onServer(`systemctl stop hostdeck-n8n-${SITE}.service`);
  await page.reload();
  await expect(page.getByTestId('site-n8n-status')).toHaveText('Status: inactive', { timeout: 60_000 });
  await page.getByTestId('site-n8n-call-start').click();
  await finishedOutput(page, 'change::started n8n');
  await expect(page.getByTestId('site-n8n-status')).toHaveText('Status: active', { timeout: 60_000 });

  // A bad version is refused before anything runs (422, the message shown).
  await page.getByTestId('site-n8n-new-version').fill('1.2.3; rm -rf /');
  await page.getByTestId('site-n8n-upgrade').click();
  await expect(page.getByText('A version is three numbers such as 1.123.50')).toBeVisible({
    timeout: 30_000,
  });
  expect((await stored()).workflows).toHaveLength(1);

  // In Vietnamese.
  await expect(page.getByTestId('left-drawer')).toBeVisible();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/preferences') && response.request().method() === 'PUT',
  );
  await page.getByTestId('language-switch').click();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('site-n8n-status')).toHaveText('Trạng thái: active', { timeout: 60_000 });
  await expect(page.getByTestId('site-n8n-version')).toHaveText(`Phiên bản: ${VERSION}`);
});
