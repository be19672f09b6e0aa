import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
  type RecipeRun,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';
import type { Recipe } from '../recipe.js';
import {
  parseScheduleInventory,
  parseScheduleRuns,
  scheduleAdopt,
  scheduleApply,
  scheduleDelete,
  scheduleInventory,
  scheduleRun,
  scheduleRuns,
  toTextHex,
} from './index.js';

/**
 * The cron job recipes on a real Debian 12 server (the `web` image, cron running): each step built
 * by the production builder and run over SSH as the job runner runs it; then the server itself is
 * checked (files, cron really running the job, the wrapper's records, a hand-written crontab line).
 */
const SERVER = 'sch1';
const HAND_LINE = '*/7 * * * * echo hand-written >/dev/null';
let server: TestServer;
let session: RemoteSession;

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
  await sh(`printf '%s\\n' '${HAND_LINE}' '@daily echo also-hand' | crontab -u hostdeck -`);
}, 600_000);
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

async function sh(script: string) {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);
async function succeed(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result;
}

/** The hand-written lines are still in hostdeck's crontab, as they were. */
async function expectHandLinesKept() {
  const crontab = await sh('crontab -u hostdeck -l');
  expect(crontab).toContain(HAND_LINE);
  expect(crontab).toContain('@daily echo also-hand');
}

const job = (id: number, command: string, expression = '* * * * *', timeout = 60) => ({
  id,
  user: 'hostdeck',
  expression,
  timeout_seconds: timeout,
  command_hex: toTextHex(command),
});

async function runsOf(id: number) {
  return parseScheduleRuns((await succeed(scheduleRuns, { id })).stdout);
}

describe('cron jobs on a server', () => {
  it('writes a job as a panel-owned cron.d file, runs it every minute and records its runs', async () => {
    const command = 'date >> /home/hostdeck/cron-proof.txt; echo "written by $USER with $PATH"';
    await succeed(scheduleApply, job(901, command));
    const cronFile = await sh(
      'cat /etc/cron.d/hostdeck-schedule-901; stat -c %U:%a /etc/cron.d/hostdeck-schedule-901',
    );
    expect(cronFile.split('\n')[0]).toMatch(/^# Managed by HostDeck/);
    const jobLines = cronFile.split('\n').filter((line) => /^[*@0-9]/.test(line));
    expect(jobLines).toEqual(['* * * * * root /usr/local/lib/hostdeck/cron-run 901 cron >/dev/null 2>&1']);
    expect(cronFile).toContain('root:644');
    expect(await sh('cat /var/lib/hostdeck/cron/901/command')).toBe(`${command}\n`);
    // Idempotent: a second apply changes nothing.
    expect((await succeed(scheduleApply, job(901, command))).stdout).not.toContain('::hostdeck::change::');
    await expectHandLinesKept();

    // Run now: the output comes back live, the run is recorded with its exit code.
    const now = await succeed(scheduleRun, { id: 901 });
    expect(now.stdout).toContain(
      'written by hostdeck with /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    );
    expect(await sh('stat -c %U /home/hostdeck/cron-proof.txt')).toBe('hostdeck\n');
    const [manual] = await runsOf(901);
    expect(manual).toMatchObject({ trigger: 'manual', exitCode: 0, timedOut: false });
    expect(manual!.output).toContain('written by hostdeck');

    // cron itself runs it within a minute.
    const deadline = Date.now() + 80_000;
    let byCron = false;
    while (!byCron && Date.now() < deadline) {
      byCron = (await runsOf(901)).some((record) => record.trigger === 'cron' && record.exitCode === 0);
      if (!byCron) await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    expect(byCron).toBe(true);
    const inventory = parseScheduleInventory((await succeed(scheduleInventory, {})).stdout);
    expect(inventory.lastRuns.get(901)?.exitCode).toBe(0);
    expect(inventory.lines).toContainEqual({ source: 'crontab', owner: 'hostdeck', line: HAND_LINE });
    expect(inventory.lines.some((line) => line.owner.startsWith('hostdeck-'))).toBe(false);
  }, 150_000);

  it('stops a job at its time limit, and never runs it twice at once', async () => {
    await succeed(scheduleApply, job(902, 'echo started; sleep 30; echo never', '@reboot', 2));
    const started = Date.now();
    const stopped = await run(scheduleRun, { id: 902 });
    expect(stopped.exitCode).not.toBe(0);
    expect(stopped.output).toContain('stopped at its time limit of 2 seconds');
    expect(Date.now() - started).toBeLessThan(20_000);
    const [record] = await runsOf(902);
    expect(record).toMatchObject({ exitCode: 124, timedOut: true });
    expect(record!.output).toContain('started');
    expect(record!.output).not.toContain('never');
    // The job's children went with it.
    expect((await runOnTestServer(server, ['pgrep', '-u', 'hostdeck', '-f', 'sleep 30'])).code).toBe(1);

    // A manual run waits up to 10 s for a run in progress, then gives up.
    await succeed(scheduleApply, job(903, 'sleep 25', '0 * * * *', 60));
    await sh('(/usr/local/lib/hostdeck/cron-run 903 cron >/dev/null 2>&1 &) ; sleep 1');
    const overlap = await run(scheduleRun, { id: 903 });
    expect(overlap.exitCode).not.toBe(0);
    expect(overlap.output).toContain('still running');
    await expectHandLinesKept();
  }, 60_000);

  it('keeps a newline or an option out of the cron line, even past the grammar', async () => {
    // The panel's grammar refuses them before anything runs…
    await expect(run(scheduleApply, job(904, 'echo a\n* * * * * root touch /tmp/pwned'))).rejects.toThrow();
    await expect(run(scheduleApply, job(904, '-x'))).rejects.toThrow();
    await expect(
      run(scheduleApply, { ...job(904, 'echo a'), expression: '* * * * *\n* * * * * root id' }),
    ).rejects.toThrow();
    await expect(run(scheduleApply, { ...job(904, 'echo a'), user: '-oProxyCommand=id' })).rejects.toThrow();
    // …and the script refuses them too when a caller skips the grammar.
    const unchecked = {
      ...scheduleApply,
      input: z.strictObject({
        id: z.number(),
        user: z.string(),
        expression: z.string(),
        timeout_seconds: z.number(),
        command_hex: z.string(),
      }),
    } as unknown as Recipe;
    const newline = await run(unchecked, job(904, 'echo a\n* * * * * root touch /tmp/pwned'));
    expect(newline.exitCode).not.toBe(0);
    const expression = await run(unchecked, {
      ...job(904, 'echo a'),
      expression: '* * * * *\n* * * * * root touch /tmp/pwned',
    });
    expect(expression.exitCode).not.toBe(0);
    expect(await sh('ls /etc/cron.d/ | grep -c hostdeck-schedule-904 || true')).toBe('0\n');
    expect(await sh('grep -rl pwned /etc/cron.d/ || true')).toBe('');
  });

  it('adopts a hand-written line (only that line leaves the crontab) and deletes jobs', async () => {
    await sh(`(crontab -u hostdeck -l; echo '*/10 * * * * echo adopt-me') | crontab -u hostdeck -`);
    await succeed(scheduleAdopt, {
      ...job(905, 'echo adopt-me', '*/10 * * * *'),
      line_hex: toTextHex('*/10 * * * * echo adopt-me'),
    });
    const crontab = await sh('crontab -u hostdeck -l');
    expect(crontab).not.toContain('adopt-me');
    await expectHandLinesKept();
    expect(await sh('grep -c "cron-run 905" /etc/cron.d/hostdeck-schedule-905')).toBe('1\n');
    // A line no longer there is refused, and no job is left behind.
    const gone = await run(scheduleAdopt, {
      ...job(906, 'echo nope'),
      line_hex: toTextHex('* * * * * echo nope'),
    });
    expect(gone.exitCode).not.toBe(0);
    expect(await sh('ls /etc/cron.d/hostdeck-schedule-906 2>/dev/null | wc -l')).toBe('0\n');

    for (const id of [901, 902, 903, 905]) {
      await succeed(scheduleDelete, { id });
      expect(
        await sh(`ls /etc/cron.d/hostdeck-schedule-${id} /var/lib/hostdeck/cron/${id} 2>/dev/null | wc -l`),
      ).toBe('0\n');
    }
    expect((await succeed(scheduleDelete, { id: 901 })).stdout).not.toContain('::hostdeck::change::');
    await expectHandLinesKept();
  });
});
