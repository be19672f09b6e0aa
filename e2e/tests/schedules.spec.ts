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
 * Issue 16, cron jobs, in the browser on a real server (the `web` image, cron running): a job
 * every minute writes a file; "Run now" shows its output live; its history lists runs with exit
 * codes (and cron's own run); a job that runs past its limit is stopped and shows as failed; the
 * form explains the expression in words with the next runs and refuses a bad one (so does the
 * API, in the reader's language); a line written by hand in the user's crontab is listed as
 * unmanaged and survives every change the panel makes.
 */
const SERVER_NAME = 'sche1';
const HAND_LINE = '*/13 * * * * echo written-by-hand >/dev/null';
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bootTestServer(SERVER_NAME, { image: 'web' });
  server = await resetTestServer(SERVER_NAME, { image: 'web' });
});
test.afterAll(async () => stopTestServer(SERVER_NAME));

async function onServer(script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

async function expectHandLineKept() {
  expect(await onServer('crontab -u hostdeck -l')).toContain(HAND_LINE);
}

interface ListedSchedule {
  id: number | null;
  command: string;
  status: string | null;
  managed: boolean;
}

async function listed(page: Page, serverId: number): Promise<ListedSchedule[]> {
  const response = await page.request.get(`/api/servers/${serverId}/schedules`);
  return ((await response.json()) as { data: ListedSchedule[] }).data;
}

/** Creates a job through the form; answers its id once it is active. */
async function createJob(page: Page, serverId: number, command: string, timeout?: number): Promise<number> {
  await page.getByTestId('schedule-create').click();
  await page.getByTestId('schedule-command').fill(command);
  if (timeout !== undefined) await page.getByTestId('schedule-timeout').fill(String(timeout));
  await page.getByTestId('schedule-submit').click();
  let id: number | null = null;
  await expect
    .poll(
      async () => {
        const job = (await listed(page, serverId)).find((item) => item.managed && item.command === command);
        id = job?.id ?? null;
        return job?.status;
      },
      { timeout: 120_000 },
    )
    .toBe('active');
  return id!;
}

/** Run now: the event's output dialog follows it live; answers the dialog. */
async function runNow(page: Page, id: number) {
  await page.getByTestId(`schedule-run-${id}`).click();
  const dialog = page.getByTestId('event-output-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('cron jobs: run now, history, time limit, and the hand-written line survives', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  await registerVerifiedUser(page);
  const serverId = await connectInstalledServer(
    page,
    server,
    { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    'sch-1',
  );
  await onServer(`printf '%s\\n' '${HAND_LINE}' | crontab -u hostdeck -`);

  await page.goto(`/servers/${serverId}/schedules`);
  const handRow = page.getByTestId('schedule-unmanaged').filter({ hasText: HAND_LINE });
  await expect(handRow).toBeVisible({ timeout: 60_000 });

  // The form: the expression in words and the next runs, in the server's zone and the browser's.
  await page.getByTestId('schedule-create').click();
  await expect(page.getByTestId('schedule-expression-help')).toHaveText('Every minute');
  await expect(page.getByTestId('schedule-next-server').locator('div')).toHaveCount(5);
  await expect(page.getByTestId('schedule-next-browser').locator('div')).toHaveCount(5);
  await page.getByTestId('schedule-expression').fill('61 * * * *');
  await expect(page.getByTestId('schedule-expression-help')).toHaveText(
    'value is not a valid cron expression',
  );
  await page.getByTestId('schedule-expression').fill('30 4 * * 1');
  await expect(page.getByTestId('schedule-expression-help')).toContainText('04:30');
  await page.keyboard.press('Escape');

  // The API refuses a bad expression, and injection, with the same message (translated).
  const headers = {
    'x-xsrf-token': decodeURIComponent(
      (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
    ),
  };
  for (const [language, message] of [
    ['en', 'value is not a valid cron expression'],
    ['vi', 'giá trị không phải là biểu thức cron hợp lệ'],
  ] as const) {
    const refused = await page.request.post(`/api/servers/${serverId}/schedules`, {
      headers: { ...headers, 'accept-language': language },
      data: { user: 'hostdeck', command: 'echo x', expression: '* * * * *\n* * * * * root id' },
    });
    expect(refused.status()).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain(message);
  }
  for (const body of [
    { user: '-oProxyCommand=id', command: 'echo x', expression: '* * * * *' },
    { user: 'hostdeck', command: 'echo x\n* * * * * root touch /tmp/pwned', expression: '* * * * *' },
    { user: 'hostdeck', command: '-rf /', expression: '* * * * *' },
  ]) {
    const refused = await page.request.post(`/api/servers/${serverId}/schedules`, { headers, data: body });
    expect(refused.status()).toBe(422);
  }

  // A job every minute that writes a file; Run now shows its output live.
  const command = 'date >> /home/hostdeck/e2e-cron.txt; echo "cron-output-$((6*7))"';
  const id = await createJob(page, serverId, command);
  await expectHandLineKept();
  const output = await runNow(page, id);
  await expect(output).toContainText('cron-output-42', { timeout: 60_000 });
  await page.getByTestId('event-output-close').click();
  expect(await onServer('wc -l < /home/hostdeck/e2e-cron.txt')).not.toBe('0\n');
  await expectHandLineKept();

  // cron runs it too; the history lists the runs with exit codes and output.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/servers/${serverId}/schedules/${id}/runs`);
        const runs = ((await response.json()) as { data: { trigger: string; exit_code: number }[] }).data;
        return runs.some((run) => run.trigger === 'cron' && run.exit_code === 0);
      },
      { timeout: 90_000, intervals: [3000] },
    )
    .toBe(true);
  await page.getByTestId(`schedule-history-${id}`).click();
  const history = page.getByTestId('schedule-runs-dialog');
  await expect(history.getByTestId('schedule-run').first()).toBeVisible({ timeout: 30_000 });
  await expect(history.getByTestId('run-exit-code').first()).toHaveText('Exit code 0');
  await expect(history.getByTestId('run-output').first()).toContainText('cron-output-42');
  await history.getByRole('button', { name: 'Close' }).click();

  // The script of the job.
  await page.getByTestId(`schedule-script-${id}`).click();
  await expect(page.getByTestId('schedule-script')).toContainText(command);
  await page.keyboard.press('Escape');

  // A job past its limit is stopped and shows as failed.
  const slow = await createJob(page, serverId, 'echo slow-start; sleep 60; echo never', 3);
  const stopped = await runNow(page, slow);
  await expect(stopped.getByTestId('event-output-error')).toBeVisible({ timeout: 60_000 });
  await expect(stopped).toContainText('slow-start');
  await page.getByTestId('event-output-close').click();
  await expect(page.getByTestId(`schedule-row-${slow}`).getByTestId('run-state')).toHaveText(
    'Failed: stopped at its time limit',
    { timeout: 30_000 },
  );
  await expectHandLineKept();

  // Edit, then delete: the hand-written line is still there, and still listed.
  await page.getByTestId(`schedule-edit-${id}`).click();
  await page.getByTestId('schedule-command').fill(`${command}; echo edited`);
  await page.getByTestId('schedule-submit').click();
  await expect
    .poll(async () => (await listed(page, serverId)).find((item) => item.id === id)?.status, {
      timeout: 120_000,
    })
    .toBe('active');
  expect(await onServer(`cat /var/lib/hostdeck/cron/${id}/command`)).toContain('echo edited');
  await expectHandLineKept();
  await page.getByTestId(`schedule-delete-${slow}`).click();
  await page.getByTestId('confirm-dialog-submit').click();
  await expect
    .poll(async () => (await listed(page, serverId)).some((item) => item.id === slow), { timeout: 120_000 })
    .toBe(false);
  expect(await onServer(`ls /etc/cron.d/ | grep -c hostdeck-schedule-${slow} || true`)).toBe('0\n');
  await expectHandLineKept();
  await expect(handRow).toBeVisible();
  // Only the panel's own file per job: one cron line each.
  expect(await onServer(`grep -v '^#' /etc/cron.d/hostdeck-schedule-${id} | grep -c cron-run`)).toBe('1\n');
});
