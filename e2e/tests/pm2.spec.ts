/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { startNpmMirror, type NpmMirror } from '../../tools/test-server/npm-mirror';
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
 * Issue 16, PM2, in the browser on a real server (the `web` image, connected and provisioned): PM2
 * comes from the local npm mirror (the server reaches only the host), installed as Applications'
 * recipe installs it. On the PM2 page, as the default user: start an app from the form, see it
 * online (and answering on the server), read its logs, restart it (a new process), delete it.
 */
const SERVER_NAME = 'pm2-e2e';
let server: TestServer;
let mirror: NpmMirror;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  [server, mirror] = await Promise.all([resetTestServer(SERVER_NAME, { image: 'web' }), startNpmMirror()]);
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await mirror?.stop();
  await stopTestServer(SERVER_NAME);
});

async function onServer(script: string, user?: string): Promise<string> {
  const command = user ? ['runuser', '-u', user, '--', 'bash', '-c', script] : ['bash', '-c', script];
  const result = await runOnTestServer(server, command, { timeoutMs: 10 * 60_000 });
  expect(result.code, `${script}\n${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

/** The pids of the user's app, as PM2 on the server reports them. */
async function pidsOf(name: string): Promise<number[]> {
  const out = await onServer('cd ~ && PM2_HOME=$HOME/.pm2 pm2 jlist', 'hostdeck');
  const list = JSON.parse(out.slice(out.indexOf('['))) as { name: string; pid: number }[];
  return list.filter((app) => app.name === name).map((app) => app.pid);
}

const row = (page: Page, name: string) => page.locator(`[data-testid="pm2-row"][data-name="${name}"]`);

test('start an app from the PM2 page, see it online, read its logs, restart and delete it', async ({
  page,
}) => {
  test.setTimeout(30 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'pm2-1',
  );
  // What application-install's `install` step runs for PM2, from the mirror.
  await onServer(
    `npm install --global --no-audit --no-fund --no-update-notifier --registry=${mirror.urlFor(server)} -- pm2@7`,
  );
  await onServer(
    `mkdir -p ~/hello && cat >~/hello/server.js <<'JS'
const http = require('http');
console.log('hello up', JSON.stringify(process.argv.slice(2)));
http.createServer((q, r) => r.end('hello ' + process.pid)).listen(3005);
JS`,
    'hostdeck',
  );

  await page.goto(`/servers/${serverId}/pm2`);
  await expect(page.getByTestId('pm2-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('pm2-empty')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('pm2-not-installed')).toHaveCount(0);

  // Start an app from the form.
  await page.getByTestId('pm2-start-app').click();
  await page.getByTestId('pm2-form-name').fill('hello');
  await page.getByTestId('pm2-form-script').fill('server.js');
  await page.getByTestId('pm2-form-cwd').fill('/home/hostdeck/hello');
  await page.getByTestId('pm2-form-args').fill('--greeting=hi');
  // A hostile name is refused in the form, before anything is sent.
  await page.getByTestId('pm2-form-name').fill('-rf;id');
  await page.getByTestId('pm2-form-submit').click();
  await expect(page.getByText('Invalid value')).toBeVisible();
  await page.getByTestId('pm2-form-name').fill('hello');
  await page.getByTestId('pm2-form-submit').click();

  const hello = row(page, 'hello');
  await expect(hello).toHaveAttribute('data-status', 'online', { timeout: 120_000 });
  await expect(hello).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
  await expect(hello).toContainText('Starts at boot');
  expect(await onServer('curl -s http://127.0.0.1:3005/')).toMatch(/^hello \d+$/);

  // Its logs.
  await hello.getByTestId('pm2-logs-open').click();
  await expect(page.getByTestId('pm2-logs-out')).toContainText('hello up ["--greeting=hi"]', {
    timeout: 60_000,
  });
  await page.keyboard.press('Escape');

  // Restart: a new process.
  const [before] = await pidsOf('hello');
  await hello.getByTestId('pm2-restart').click();
  await expect(hello).toHaveAttribute('data-busy', 'true');
  await expect(hello).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
  await expect(hello).toHaveAttribute('data-status', 'online');
  const [after] = await pidsOf('hello');
  expect(after).toBeGreaterThan(0);
  expect(after).not.toBe(before);

  // Delete, confirmed.
  await hello.getByTestId('pm2-delete').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(hello).toHaveCount(0, { timeout: 120_000 });
  await expect(page.getByTestId('pm2-empty')).toBeVisible();
  expect(await pidsOf('hello')).toEqual([]);
});
