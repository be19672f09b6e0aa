/// <reference lib="dom" />
import { request } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import {
  linkTestServers,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../tools/test-server/index';
import { apiCall, registerVerifiedUser } from '../support/accounts';
import { connectInstalledServer } from '../support/servers';

/**
 * Load balancing of issue 21 point 6 in the browser, on three linked real servers (the `web`
 * image): the same site on each, two of them serving their own marker. From the balancer site's
 * Settings card to its Load balancing page: two nodes added, saved and enabled, and requests
 * through the balancer reach both; one node drained and applied, and all go to the other;
 * disabled, and the balancer serves its own site again.
 */
const NAMES = ['lbxe1', 'lbxe2', 'lbxe3'] as const;
const SITE = 'lbe.test';
let servers: TestServer[];

test.beforeAll(async () => {
  test.setTimeout(30 * 60_000);
  servers = await Promise.all(NAMES.map((name) => resetTestServer(name, { image: 'web' })));
  await linkTestServers(NAMES[0], NAMES[1]);
  await linkTestServers(NAMES[0], NAMES[2]);
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await Promise.all(NAMES.map((name) => stopTestServer(name)));
});

/** The body of GET / on ADDRESS with `Host: SITE`, from this machine (not from a test server). */
function body(address: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(
      { host: address, port: 80, path: '/', headers: { host: SITE }, timeout: 10_000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(`${response.statusCode} ${text.trim()}`));
      },
    );
    call.on('timeout', () => call.destroy(new Error('timed out')));
    call.on('error', reject);
    call.end();
  });
}

async function createSite(page: Page, serverId: number): Promise<number> {
  const response = await apiCall(page, 'POST', '/api/sites', { name: SITE, server_id: serverId });
  const siteId = ((await response.json()) as { id: number }).id;
  await expect
    .poll(
      async () => {
        const detail = (await (await page.request.get(`/api/sites/${siteId}`)).json()) as {
          data: { status: string };
        };
        if (detail.data.status === 'failed') throw new Error('site creation failed');
        return detail.data.status;
      },
      { timeout: 10 * 60_000, intervals: [2000] },
    )
    .toBe('active');
  return siteId;
}

/** The set of answers of a few requests through the balancer, once it is what `expected` says. */
async function expectAnswers(expected: string[]) {
  await expect
    .poll(
      async () => {
        const seen = new Set<string>();
        for (let index = 0; index < 6; index += 1) seen.add(await body(servers[0]!.address));
        return [...seen].sort();
      },
      { timeout: 5 * 60_000, intervals: [1000] },
    )
    .toEqual(expected.sort());
}

test('load balancing: nodes added, enabled, one drained, then disabled', async ({ page }) => {
  test.setTimeout(45 * 60_000);
  await registerVerifiedUser(page);
  const nginx = { web_server: 'nginx' as const, php_versions: [], database: 'none' as const };
  const ids: number[] = [];
  for (const [index, server] of servers.entries())
    ids.push(await connectInstalledServer(page, server, nginx, `lbe-${index + 1}`));
  const siteIds: number[] = [];
  for (const [index, id] of ids.entries()) {
    siteIds.push(await createSite(page, id));
    const marker = ['balancer-own', 'node-b', 'node-c'][index]!;
    await runOnTestServer(servers[index]!, [
      'bash',
      '-c',
      `printf '%s\\n' ${marker} > /home/hostdeck/${SITE}/index.html`,
    ]);
  }
  expect(await body(servers[0]!.address)).toBe('200 balancer-own');

  await page.goto(`/sites/${siteIds[0]}/settings`);
  await page.getByTestId('site-balancing-open').click();
  await expect(page.getByTestId('site-balancing-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('balancing-status')).toHaveText('Disabled');
  await page.getByTestId('balancing-add-node').click();
  await page.getByTestId('balancing-add-node').click();
  await expect(page.getByTestId('balancing-add-node')).toBeDisabled();
  await page.getByTestId('balancing-save').click();
  await expect(page.getByTestId('balancing-toggle')).toHaveText('Enable', { timeout: 30_000 });
  await expect(page.getByTestId('balancing-toggle')).toBeEnabled();
  await page.getByTestId('balancing-toggle').click();
  await expect(page.getByTestId('balancing-status')).toHaveText('Enabled', { timeout: 30_000 });
  await expectAnswers(['200 node-b', '200 node-c']);
  expect(await body(servers[1]!.address)).toMatch(/^403 /);

  // Drain the second node, apply: everything goes to the first.
  await page.getByTestId('balancing-node-1').getByLabel('Drained').check();
  await page.getByTestId('balancing-save').click();
  await expectAnswers(['200 node-b']);

  // Both nodes serve again; the rolling deploy sends the balancer site's repository to each in
  // turn (each node clones from a copy on itself), and the site keeps answering.
  await page.getByTestId('balancing-node-1').getByLabel('Drained').uncheck();
  await page.getByTestId('balancing-save').click();
  await expectAnswers(['200 node-b', '200 node-c']);
  await apiCall(page, 'PUT', `/api/sites/${siteIds[0]}/repository`, {
    repository: 'git@127.0.0.1:app.git',
    branch: 'main',
  });
  const key = await apiCall(page, 'POST', `/api/sites/${siteIds[0]}/deploys/key`);
  const publicKey = ((await key.json()) as { data: { public_key: string } }).data.public_key;
  for (const node of servers.slice(1)) {
    const made = await runOnTestServer(node, [
      'bash',
      '-c',
      `set -e
       id -u git >/dev/null 2>&1 || useradd -m -s /bin/bash git
       install -d -o git -g git -m 700 /home/git/.ssh
       printf '%s\\n' "$1" > /home/git/.ssh/authorized_keys
       chown git:git /home/git/.ssh/authorized_keys && chmod 600 /home/git/.ssh/authorized_keys
       runuser -u git -- bash -c 'set -e; git init -q --bare -b main ~/app.git; git clone -q ~/app.git ~/work 2>/dev/null
         cd ~/work; printf "release v1\\n" > index.html; git add index.html
         git -c user.name=Test -c user.email=test@example.test commit -q -m v1; git push -q origin HEAD:main'`,
      'repository',
      publicKey,
    ]);
    expect(made.code, made.stderr).toBe(0);
  }
  await page.getByTestId('balancing-deploy').click();
  const output = page.getByTestId('balancing-deploy-output');
  await expect(output).toContainText('Take lbe-2 out of the balancer', { timeout: 5 * 60_000 });
  await expect(output).toContainText('Put lbe-3 back into the balancer', { timeout: 5 * 60_000 });
  await expectAnswers(['200 release v1']);

  await page.getByTestId('balancing-toggle').click();
  await expect(page.getByTestId('balancing-status')).toHaveText('Disabled', { timeout: 30_000 });
  await expectAnswers(['200 balancer-own']);
  expect(await body(servers[1]!.address)).toBe('200 release v1');
});
