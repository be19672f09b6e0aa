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
 * Issue 16, Supervisor, in the browser on a real server (the `web` image, supervisord running): a
 * program made in the form starts a worker; `kill -9` of the worker brings it back; the log tail
 * in the page shows its output; a program written by hand is listed as unmanaged and its file is
 * never touched; hostile values in every field are refused before anything runs.
 */
const SERVER_NAME = 'supe1';
const LEGACY = '[program:legacy]\ncommand=/bin/sleep 100000\n';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => stopTestServer(SERVER_NAME));

async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'sh', ...args]);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

interface Listed {
  name: string;
  managed: boolean;
  state: string | null;
  processes: { pid: number | null }[];
}
async function listed(page: Page, serverId: number): Promise<Listed[]> {
  const response = await page.request.get(`/api/servers/${serverId}/supervisor`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Listed[] }).data;
}
async function runningPid(page: Page, serverId: number, name: string): Promise<number | null> {
  const program = (await listed(page, serverId)).find((item) => item.name === name);
  return program?.state === 'RUNNING' ? (program.processes[0]?.pid ?? null) : null;
}

/** A POST with the SPA's CSRF header, whatever its answer (the support's apiCall expects success). */
async function post(page: Page, path: string, data: unknown) {
  if (!(await page.context().cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN'))
    await page.request.get('/api/info');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(path, { data, headers: { 'x-xsrf-token': decodeURIComponent(token) } });
}

const row = (page: Page, name: string) => page.locator(`[data-testid="supervisor-row"][data-name="${name}"]`);

test('supervisor: a worker comes back after kill -9, its log shows its output, hand-written programs stay', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'sup-1',
  );
  await onServer(
    `printf '%s' "$1" >/etc/supervisor/conf.d/legacy.conf && supervisorctl reread && supervisorctl update legacy`,
    LEGACY,
  );
  const legacySum = await onServer('sha256sum /etc/supervisor/conf.d/legacy.conf');
  const supervisordPid = await onServer('supervisorctl pid');

  await page.goto(`/servers/${serverId}/supervisor`);
  const legacy = row(page, 'legacy');
  await expect(legacy).toHaveAttribute('data-managed', 'false', { timeout: 60_000 });
  await expect(legacy.getByTestId('supervisor-unmanaged')).toBeVisible();
  await expect(legacy.getByTestId('supervisor-edit')).toHaveCount(0);
  await expect(legacy.getByTestId('supervisor-delete')).toHaveCount(0);

  // A hostile command is refused in the form: nothing is sent, the dialog stays open.
  await page.getByTestId('supervisor-create').click();
  await page.getByTestId('supervisor-form-name').fill('e2e-worker');
  await page.getByTestId('supervisor-form-command').fill('sleep 1; touch /tmp/pwned');
  await page.getByTestId('supervisor-form-submit').click();
  await expect(page.getByTestId('supervisor-form')).toBeVisible();
  await expect(page.getByTestId('supervisor-form').getByText(/no quotes or shell characters/)).toBeVisible();

  // The real one: a worker as the default user, with an environment variable.
  await page.getByTestId('supervisor-form-command').fill('python3 -u -m http.server 8097 --bind 127.0.0.1');
  await page.getByTestId('supervisor-form-env-add').click();
  await page.getByTestId('supervisor-form-env-key').fill('GREETING');
  await page.getByTestId('supervisor-form-env-value').fill('from the panel');
  await page.getByTestId('supervisor-form-submit').click();
  await expect(page.getByTestId('supervisor-form')).toBeHidden();

  const worker = row(page, 'e2e-worker');
  await expect(worker).toHaveAttribute('data-state', 'RUNNING', { timeout: 120_000 });
  await expect(worker).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
  const first = Number(await worker.getAttribute('data-pid'));
  expect(first).toBeGreaterThan(0);
  expect(await onServer(`ps -o user= -p "$1"`, String(first))).toBe('hostdeck');
  const file = await onServer('cat /etc/supervisor/conf.d/hostdeck-e2e-worker.conf');
  expect(file).toContain('stopasgroup=true\nkillasgroup=true');
  expect(file).toContain('environment=GREETING="from the panel"');

  // kill -9: supervisord starts a new worker (polled, no sleep).
  await onServer(`kill -9 "$1"`, String(first));
  let second: number | null = null;
  await expect
    .poll(
      async () => {
        second = await runningPid(page, serverId, 'e2e-worker');
        return second !== null && second !== first;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  expect(await onServer('curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:8097/from-e2e')).toBe('404');
  await page.reload();
  await expect(row(page, 'e2e-worker')).toHaveAttribute('data-pid', String(second), { timeout: 60_000 });

  // The log tail in the page shows the worker's output (stdout and stderr).
  await row(page, 'e2e-worker').getByTestId('supervisor-log').click();
  const log = page.getByTestId('supervisor-log-content');
  await expect(log).toContainText('Serving HTTP on 127.0.0.1 port 8097', { timeout: 60_000 });
  await expect(async () => {
    await page.getByTestId('supervisor-log-refresh').click();
    await expect(log).toContainText('GET /from-e2e', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const logDialog = page.getByTestId('supervisor-log-dialog');
  await logDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(logDialog).toBeHidden();

  // Hostile values in every field, through the API: 422, nothing runs.
  const valid = {
    name: 'e2e-hostile',
    command: '/bin/true',
    directory: '/home/hostdeck',
    user: 'hostdeck',
    numprocs: 1,
    autostart: true,
    autorestart: 'true',
    startsecs: 1,
    stopwaitsecs: 10,
    stopsignal: 'TERM',
    environment: [] as { key: string; value: string }[],
  };
  const hostile = [
    { name: '-rf' },
    { name: 'a;touch /tmp/pwned' },
    { command: '$(touch /tmp/pwned)' },
    { command: '/bin/true\n[program:evil]' },
    { command: '--help' },
    { directory: '/tmp/$(touch /tmp/pwned)' },
    { directory: '../../etc' },
    { user: 'root' },
    { user: '-oProxyCommand=touch' },
    { stopsignal: 'TERM;id' },
    { environment: [{ key: 'A;id', value: 'x' }] },
    { environment: [{ key: 'A', value: 'x"\n[program:evil]' }] },
    { environment: [{ key: 'A', value: '`touch /tmp/pwned`' }] },
  ];
  for (const change of hostile) {
    const response = await post(page, `/api/servers/${serverId}/supervisor`, { ...valid, ...change });
    expect(response.status(), JSON.stringify(change)).toBe(422);
  }
  const control = await post(page, `/api/servers/${serverId}/supervisor/..%2Flegacy/start`, {});
  expect(control.status()).toBeGreaterThanOrEqual(400);
  expect(await onServer('ls /tmp/pwned 2>/dev/null || echo absent')).toBe('absent');
  expect(await onServer('ls /etc/supervisor/conf.d/')).not.toContain('e2e-hostile');

  // Delete: the program, its file and its logs go; the hand-written one and supervisord stay.
  await row(page, 'e2e-worker').getByTestId('supervisor-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'e2e-worker')).toHaveCount(0, { timeout: 120_000 });
  expect(await onServer('ls /etc/supervisor/conf.d/ /var/log/supervisor/')).not.toContain(
    'hostdeck-e2e-worker',
  );
  expect(await onServer('sha256sum /etc/supervisor/conf.d/legacy.conf')).toBe(legacySum);
  expect(await onServer('supervisorctl pid')).toBe(supervisordPid);
  await expect(row(page, 'legacy')).toHaveAttribute('data-state', 'RUNNING');
});
