import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  parseSupervisorInventory,
  supervisorControl,
  supervisorDelete,
  supervisorInventory,
  supervisorLog,
  supervisorSave,
  type SupervisorProgramInput,
} from './index.js';

/**
 * The Supervisor recipes on a real Debian 12 server (the `web` image, supervisord running): each
 * step built by the production builder and run over SSH as the job runner runs it, then the
 * server itself is checked: the file, supervisorctl, the worker's processes, its log, and that
 * supervisord was never restarted and a hand-written program never touched.
 */
const SERVER = 'sup1';
let server: TestServer;
let session: RemoteSession;
let supervisordPid: string;

const LEGACY = '[program:legacy]\ncommand=/bin/sleep 100000\nautostart=true\n';

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
  await sh(
    `printf '%s' "$1" >/etc/supervisor/conf.d/legacy.conf && supervisorctl reread && supervisorctl update legacy`,
    LEGACY,
  );
  // supervisord says STARTING for startsecs (1 s by default) before RUNNING.
  await runningPid('legacy');
  supervisordPid = await sh('supervisorctl pid');
}, 900_000);
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

async function sh(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'sh', ...args]);
  if (result.code !== 0)
    throw new Error(`${script} failed (${result.code}): ${result.stdout}${result.stderr}`);
  return result.stdout.trim();
}

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);
async function succeed(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result;
}
async function inventory() {
  return parseSupervisorInventory((await succeed(supervisorInventory, {})).stdout);
}
async function poll<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const runningPid = (name: string) =>
  poll(async () => {
    const line = await sh(`supervisorctl status "$1" || true`, name);
    return /RUNNING\s+pid (\d+)/.exec(line)?.[1];
  }, `${name} RUNNING`);

const web: SupervisorProgramInput & { mode: 'create' | 'update' } = {
  mode: 'create',
  name: 'web-worker',
  command: 'python3 -u -m http.server 8099 --bind 127.0.0.1',
  directory: '/home/hostdeck',
  user: 'hostdeck',
  numprocs: 1,
  autostart: true,
  autorestart: 'true',
  startsecs: 1,
  stopwaitsecs: 5,
  stopsignal: 'INT',
  environment: [{ key: 'GREETING', value: 'hello world' }],
};
const FILE = '/etc/supervisor/conf.d/hostdeck-web-worker.conf';

describe('supervisor recipes on a booted server', () => {
  it('lists the hand-written program as unmanaged', async () => {
    const { installed, running, programs } = await inventory();
    expect({ installed, running }).toEqual({ installed: true, running: true });
    expect(programs.find((program) => program.name === 'legacy')).toMatchObject({
      managed: false,
      file: '/etc/supervisor/conf.d/legacy.conf',
      command: '/bin/sleep 100000',
      state: 'RUNNING',
    });
  });

  it('creates a program that runs as its user with its environment, and comes back after kill -9', async () => {
    await succeed(supervisorSave, web);
    const file = await sh(`stat -c '%a %U' "$1" && cat "$1"`, FILE);
    expect(file).toMatch(/^600 root\n# Managed by HostDeck/);
    expect(file).toContain('stopasgroup=true\nkillasgroup=true');
    expect(file).toContain('stdout_logfile_maxbytes=10MB');
    const pid = await runningPid('web-worker');
    expect(await sh(`ps -o user= -p "$1"`, pid)).toBe('hostdeck');
    expect(await sh(`tr '\\0' '\\n' </proc/"$1"/environ | grep ^GREETING=`, pid)).toBe(
      'GREETING=hello world',
    );
    expect(await sh('curl -s -o /dev/null -w "%{http_code}" http://127.0.0.1:8099/')).toBe('200');

    await sh(`kill -9 "$1"`, pid);
    const again = await poll(async () => {
      const next = await runningPid('web-worker');
      return next !== pid && next;
    }, 'a new worker');
    expect(again).not.toBe(pid);

    const listed = (await inventory()).programs.find((program) => program.name === 'web-worker');
    expect(listed).toMatchObject({
      managed: true,
      state: 'RUNNING',
      user: 'hostdeck',
      numprocs: 1,
      stopsignal: 'INT',
      environment: [{ key: 'GREETING', value: 'hello world' }],
    });
    expect(listed?.processes[0]?.pid).toBe(Number(again));
  });

  it('shows the worker output in the log tail, and clears it', async () => {
    await sh('curl -s -o /dev/null http://127.0.0.1:8099/log-probe');
    const log = await poll(async () => {
      const { stdout } = await succeed(supervisorLog, { name: 'web-worker' });
      return stdout.includes('log-probe') && stdout;
    }, 'the request in the log');
    expect(log).toContain('Serving HTTP on 127.0.0.1 port 8099');
    await succeed(supervisorControl, { name: 'web-worker', action: 'clear-log' });
    expect(await sh('stat -c %s /var/log/supervisor/hostdeck-web-worker.log')).toBe('0');
  });

  it('stops, starts and restarts, and updates only its own program', async () => {
    const legacyPid = await runningPid('legacy');
    await succeed(supervisorControl, { name: 'web-worker', action: 'stop' });
    expect(await sh('supervisorctl status web-worker || true')).toMatch(/STOPPED/);
    await succeed(supervisorControl, { name: 'web-worker', action: 'stop' });
    await succeed(supervisorControl, { name: 'web-worker', action: 'start' });
    const before = await runningPid('web-worker');
    await succeed(supervisorControl, { name: 'web-worker', action: 'restart' });
    expect(await runningPid('web-worker')).not.toBe(before);

    await succeed(supervisorSave, {
      ...web,
      mode: 'update',
      numprocs: 2,
      command: 'python3 -u -m http.server 0',
    });
    const status = await poll(async () => {
      const text = await sh('supervisorctl status || true');
      return (text.match(/web-worker:web-worker_0[01]\s+RUNNING/g) ?? []).length === 2 && text;
    }, 'two processes');
    expect(status).toMatch(/legacy\s+RUNNING/);
    expect(await runningPid('legacy')).toBe(legacyPid);
    expect(await sh('supervisorctl pid')).toBe(supervisordPid);
  });

  it('puts the previous file back when supervisor refuses the change', async () => {
    const before = await sh(`cat "$1"`, FILE);
    await sh(`printf '[program:broken\\ncommand=x\\n' >/etc/supervisor/conf.d/zz-broken.conf`);
    const result = await run(supervisorSave, { ...web, mode: 'update', stopsignal: 'TERM' });
    expect(result.exitCode, result.output).not.toBe(0);
    expect(result.output).toMatch(/previous version was restored/);
    expect(await sh(`cat "$1"`, FILE)).toBe(before);
    await sh('rm -f /etc/supervisor/conf.d/zz-broken.conf');
  });

  it('never writes a hand-written program, nor a name supervisor already has', async () => {
    const legacy = await sh('sha256sum /etc/supervisor/conf.d/legacy.conf');
    const create = await run(supervisorSave, { ...web, name: 'legacy' });
    expect(create.exitCode).not.toBe(0);
    expect(create.output).toMatch(/already configured in \/etc\/supervisor\/conf.d\/legacy.conf/);
    const other = await run(supervisorDelete, { name: 'legacy' });
    expect(other.exitCode).toBe(0); // no panel file of that name: nothing to remove
    expect(await sh('sha256sum /etc/supervisor/conf.d/legacy.conf')).toBe(legacy);
    expect(await sh('supervisorctl status legacy || true')).toMatch(/RUNNING/);
    const missing = await run(supervisorSave, { ...web, name: 'nouser', user: 'nobodyhere' });
    expect(missing.output).toMatch(/does not exist on this server/);
  });

  it('shows the last error lines of a program in FATAL', async () => {
    await succeed(supervisorSave, {
      ...web,
      name: 'broken',
      command: '/bin/ls /no-such-directory',
      autorestart: 'true',
      environment: [],
    });
    const broken = await poll(async () => {
      const program = (await inventory()).programs.find((candidate) => candidate.name === 'broken');
      return program?.state === 'FATAL' && program;
    }, 'broken in FATAL');
    expect(broken.errors.join('\n')).toMatch(/no-such-directory/);
    expect(broken.errors.join('\n')).toMatch(/FATAL|exited/);
  });

  it('deletes programs with their logs, and leaves the rest', async () => {
    await succeed(supervisorDelete, { name: 'web-worker' });
    await succeed(supervisorDelete, { name: 'broken' });
    expect(await sh(`ls /etc/supervisor/conf.d/ && ls /var/log/supervisor/`)).not.toMatch(/hostdeck-/);
    expect(await sh('pgrep -f "[h]ttp.server" || true')).toBe('');
    const { programs } = await inventory();
    expect(programs.map((program) => program.name)).toEqual(['legacy']);
    expect(await sh('supervisorctl pid')).toBe(supervisordPid);
  });
});
