/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
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
 * Issue 16 §5 in the browser, on a real server: `/servers/{s}/services` lists the server's systemd
 * services; stopping ssh asks for its name to be typed (and the panel refuses without it); a
 * custom service is added from the unit form (a shell substitution in ExecStart is refused under
 * its field first), and it is running and enabled on the server; its status shows the journal;
 * deleting it from the page removes its unit file.
 */
const SERVER_NAME = 'svce1';
let server: TestServer;

test.beforeAll(async () => {
  // The first file to ask for the web image builds it (minutes; npm test's server tier leaves it built).
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await stopTestServer(SERVER_NAME);
});

const onServer = async (command: string) =>
  (await runOnTestServer(server, ['bash', '-c', command])).stdout.trim();
const serviceRow = (page: Page, name: string) =>
  page.locator(`[data-testid="service-row"][data-service="${name}"]`);

test('services: ssh guarded by a typed name; a custom service created, started, enabled and deleted', async ({
  page,
}) => {
  test.setTimeout(20 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'none', php_versions: [], database: 'none' },
    'svc-1',
  );

  await page.goto(`/servers/${serverId}/services`);
  const ssh = serviceRow(page, 'ssh');
  await expect(ssh).toHaveAttribute('data-state', 'active', { timeout: 60_000 });
  await expect(ssh).toHaveAttribute('data-enabled', 'true');
  await expect(page.getByTestId('services-summary')).toBeVisible();

  // Stopping ssh: the dialog wants its name typed; the panel refuses a stop without it.
  await ssh.getByTestId('service-stop').click();
  const submit = page.getByTestId('service-confirm-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('service-confirm-input').fill('sshd');
  await expect(submit).toBeDisabled();
  await page.getByTestId('service-confirm-input').fill('ssh');
  await expect(submit).toBeEnabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.request.get('/api/info');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const refused = await page.request.post(`/api/servers/${serverId}/services/ssh/stop`, {
    data: {},
    headers: { 'x-xsrf-token': decodeURIComponent(token) },
  });
  expect(refused.status()).toBe(422);
  expect(await onServer('systemctl is-active ssh.service')).toBe('active');

  // A custom service from the unit form; a shell substitution is refused under its field first.
  await page.getByTestId('services-add').click();
  await page.getByTestId('service-form-name').fill('e2eworker');
  await page.getByTestId('service-form-description').fill('Hàng đợi e2e');
  await page.getByTestId('service-form-exec_start').fill('/usr/bin/sleep $(id)');
  await page.getByTestId('service-form-working_directory').fill('/home/hostdeck');
  await page.getByTestId('service-form-user').fill('hostdeck');
  await page.getByTestId('service-env-add').click();
  await page.getByTestId('service-env-key-0').fill('APP_ENV');
  await page.getByTestId('service-env-value-0').fill('production');
  await page.getByTestId('service-create-submit').click();
  await expect(
    page.getByRole('dialog').getByText(/starting with the absolute path of the program/),
  ).toBeVisible();
  expect(await onServer('test -e /etc/systemd/system/e2eworker.service && echo yes || echo no')).toBe('no');
  await page.getByTestId('service-form-exec_start').fill('/usr/bin/sleep infinity');
  await page.getByTestId('service-create-submit').click();
  await expect(page.getByTestId('service-create-submit')).toHaveCount(0);

  const worker = serviceRow(page, 'e2eworker');
  await expect(worker).toHaveAttribute('data-state', 'active', { timeout: 120_000 });
  await expect(worker).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
  await expect(worker).toHaveAttribute('data-enabled', 'true');
  await expect(worker).toHaveAttribute('data-managed', 'true');
  await expect(worker.getByTestId('service-pid')).toHaveText(/^\d+$/);
  expect(await onServer('systemctl is-active e2eworker.service')).toBe('active');
  expect(await onServer('systemctl is-enabled e2eworker.service')).toBe('enabled');
  expect(await onServer('head -1 /etc/systemd/system/e2eworker.service')).toMatch(/^# Managed by HostDeck/);

  // Its status, with the journal's tail.
  await worker.getByTestId('service-status').click();
  await expect(page.getByTestId('service-status-text')).toContainText('Active: active (running)', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('service-journal')).toContainText('Started');
  await page.getByRole('button', { name: 'Close' }).click();

  // Deleted from the page: stopped and its unit file gone.
  await worker.getByTestId('service-delete').click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect(worker).toHaveCount(0, { timeout: 120_000 });
  expect(await onServer('test -e /etc/systemd/system/e2eworker.service && echo yes || echo no')).toBe('no');
});
