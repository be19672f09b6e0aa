import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmMirror, type NpmMirror } from '../../../../tools/test-server/npm-mirror.js';
import {
  restartTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
  type RecipeRun,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';
import { applicationInstall } from '../applications/index.js';
import type { Recipe } from '../recipe.js';
import {
  parsePm2Inventory,
  parsePm2Logs,
  pm2AppControl,
  pm2AppCreate,
  pm2Inventory,
  pm2Logs,
} from './index.js';

/**
 * PM2 on a real Debian 12 server (the `web` image: Node.js and npm from Debian). PM2 itself is
 * installed by Applications' own recipe from a local npm mirror (verdaccio on the host, which the
 * server reaches). Then, as two users, apps are started, stopped, restarted, deleted and their logs
 * read; the server is rebooted and the saved apps run again.
 */
const SERVER = 'pm21';
let server: TestServer;
let session: RemoteSession;
let mirror: NpmMirror;

async function connect() {
  session = await connectToTestServer(server);
}

beforeAll(async () => {
  [server, mirror] = await Promise.all([bootWebTestServer(SERVER), startNpmMirror()]);
  await connect();
  await sh('useradd -m -s /bin/bash shop && mkdir -p /home/hostdeck/api /home/shop/worker');
  await sh(`cat >/home/hostdeck/api/server.js <<'JS'
const http = require('http');
console.log('api up', JSON.stringify(process.argv.slice(2)));
console.error('api warning line');
http.createServer((q, r) => r.end('api ' + process.pid)).listen(Number(process.env.PORT || 3000));
JS
cat >/home/shop/worker/worker.js <<'JS'
console.log('worker started', JSON.stringify(process.argv.slice(2)));
setInterval(() => {}, 1000);
JS
chown -R hostdeck: /home/hostdeck/api && chown -R shop: /home/shop/worker`);
}, 600_000);
afterAll(async () => {
  await session?.close();
  await mirror?.stop();
  await stopTestServer(SERVER);
});

async function sh(script: string, user?: string) {
  const command = user ? ['runuser', '-u', user, '--', 'bash', '-c', script] : ['bash', '-c', script];
  const result = await runOnTestServer(server, command);
  expect(result.code, `${script}\n${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);

async function succeed(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result;
}

const changes = (result: RecipeRun) =>
  result.stdout.split('\n').filter((line) => line.startsWith('::hostdeck::change::'));

/** `pm2 jlist` as the user, as the server sees it. */
async function jlist(
  user: string,
): Promise<{ name: string; pm_id: number; pid: number; pm2_env: { status: string; args?: string[] } }[]> {
  const out = await sh(`cd ~ && PM2_HOME=$HOME/.pm2 pm2 jlist`, user);
  return JSON.parse(out.slice(out.indexOf('['))) as never;
}

async function inventory() {
  return parsePm2Inventory((await succeed(pm2Inventory, {})).stdout);
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined as T);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('PM2 of each system user', () => {
  it('lists nothing while PM2 is absent, then installs PM2 from the npm mirror (Applications)', async () => {
    expect(await inventory()).toEqual({ installed: false, version: null, users: [], processes: [] });
    const install = await succeed(applicationInstall, { name: 'pm2', npm_registry: mirror.urlFor(server) });
    expect(install.output).toContain(`installing PM2 from the npm registry ${mirror.urlFor(server)}`);
    expect(
      (await sh(`node -p "require('/usr/local/lib/node_modules/pm2/package.json').version"`)).trim(),
    ).toMatch(/^7\./);
    const again = await succeed(applicationInstall, { name: 'pm2', npm_registry: mirror.urlFor(server) });
    expect(changes(again)).toEqual([]);
    expect(await inventory()).toMatchObject({ installed: true, users: [], processes: [] });
  }, 600_000);

  it('starts an app as a user, online, with its boot unit and log rotation', async () => {
    const started = await succeed(pm2AppCreate, {
      user: 'hostdeck',
      name: 'api',
      script: 'server.js',
      cwd: '/home/hostdeck/api',
      // After `--`: the app's own options, never PM2's (PM2's --name stays `api`).
      args: ['--name=evil', '-f', 'x'],
    });
    expect(changes(started).join('\n')).toContain('pm2-hostdeck.service enabled');
    const apps = await jlist('hostdeck');
    expect(apps.map((app) => [app.name, app.pm2_env.status])).toEqual([['api', 'online']]);
    expect(await sh('curl -s http://127.0.0.1:3000/')).toMatch(/^api \d+$/);
    // The daemon runs as the user, under its unit, not root's.
    expect(
      (await sh('systemctl is-enabled pm2-hostdeck; systemctl is-active pm2-hostdeck')).split('\n'),
    ).toEqual(['enabled', 'active', '']);
    expect((await sh('ps -o user= -p "$(cat /home/hostdeck/.pm2/pm2.pid)"')).trim()).toBe('hostdeck');
    expect(await sh('test -e /root/.pm2 && echo root-has-pm2 || echo none')).toBe('none\n');
    // Saved: the list comes back at boot.
    expect(await sh('cat /home/hostdeck/.pm2/dump.pm2')).toContain('"name": "api"');
    // Log rotation: the panel's file, as the user, checked by logrotate.
    const rotate = await sh('cat /etc/logrotate.d/hostdeck-pm2');
    expect(rotate.split('\n')[0]).toMatch(/^# Managed by HostDeck/);
    expect(rotate).toContain('/home/hostdeck/.pm2/logs/*.log {');
    expect(rotate).toContain('su hostdeck hostdeck');
    expect(rotate).toContain('copytruncate');
    await sh('logrotate --debug /etc/logrotate.d/hostdeck-pm2');
    // Idempotent: the same app again changes nothing.
    const again = await succeed(pm2AppCreate, {
      user: 'hostdeck',
      name: 'api',
      script: 'server.js',
      cwd: '/home/hostdeck/api',
      args: ['--name=evil', '-f', 'x'],
    });
    expect(changes(again)).toEqual([]);
    // Another app under a taken name is refused.
    const taken = await run(pm2AppCreate, {
      user: 'hostdeck',
      name: 'api',
      script: 'other.js',
      cwd: '/home/hostdeck',
    });
    expect(taken.exitCode).not.toBe(0);
    expect(taken.output).toContain('hostdeck already has a PM2 app named api');
  }, 300_000);

  it("reads the app's logs, its arguments given verbatim", async () => {
    const logs = parsePm2Logs((await succeed(pm2Logs, { user: 'hostdeck', name: 'api', lines: 50 })).stdout);
    expect(logs.out).toContain('api up ["--name=evil","-f","x"]');
    expect(logs.error).toContain('api warning line');
    expect(logs.out_path).toBe('/home/hostdeck/.pm2/logs/api-out.log');
  }, 120_000);

  it('keeps each user apart, lists both, and stops, starts, restarts and deletes by name', async () => {
    await succeed(pm2AppCreate, {
      user: 'shop',
      name: 'worker',
      script: '/home/shop/worker/worker.js',
      cwd: '/home/shop/worker',
      instances: 2,
    });
    const listed = await inventory();
    expect(listed.users.map((user) => user.name).sort()).toEqual(['hostdeck', 'shop']);
    expect(
      listed.processes.map((app) => `${app.user}/${app.name}/${app.status}/${app.exec_mode}`).sort(),
    ).toEqual(['hostdeck/api/online/fork', 'shop/worker/online/cluster', 'shop/worker/online/cluster']);
    expect((await jlist('hostdeck')).map((app) => app.name)).toEqual(['api']);

    await succeed(pm2AppControl, { user: 'shop', name: 'worker', action: 'stop' });
    expect((await jlist('shop')).map((app) => app.pm2_env.status)).toEqual(['stopped', 'stopped']);
    await succeed(pm2AppControl, { user: 'shop', name: 'worker', action: 'start' });
    expect((await jlist('shop')).map((app) => app.pm2_env.status)).toEqual(['online', 'online']);
    const before = (await jlist('hostdeck'))[0]!.pid;
    await succeed(pm2AppControl, { user: 'hostdeck', name: 'api', action: 'restart' });
    const after = (await jlist('hostdeck'))[0]!;
    expect(after.pm2_env.status).toBe('online');
    expect(after.pid).not.toBe(before);
    // Another user's app of that name is not this user's.
    const foreign = await run(pm2AppControl, { user: 'hostdeck', name: 'worker', action: 'stop' });
    expect(foreign.output).toContain('hostdeck has no PM2 app named worker');
    expect((await jlist('shop')).map((app) => app.pm2_env.status)).toEqual(['online', 'online']);
    // Stopped apps stay stopped in the saved list.
    await succeed(pm2AppControl, { user: 'shop', name: 'worker', action: 'delete' });
    expect(await jlist('shop')).toEqual([]);
    expect(await sh('cat /home/shop/.pm2/dump.pm2')).not.toContain('worker');
    // Deleting again is a no-op.
    await succeed(pm2AppControl, { user: 'shop', name: 'worker', action: 'delete' });
  }, 300_000);

  it('refuses a user that is a system account on the server', async () => {
    await sh('useradd --system -m -d /var/lib/svc svcacct');
    const refused = await run(pm2AppControl, { user: 'svcacct', name: 'api', action: 'restart' });
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toMatch(/svcacct is a system account/);
  }, 60_000);

  it('brings the saved apps back after a reboot of the server', async () => {
    await succeed(pm2AppCreate, {
      user: 'shop',
      name: 'keeper',
      script: 'worker.js',
      cwd: '/home/shop/worker',
    });
    await session.close();
    // A reboot from inside ends the container (nothing starts systemd-nspawn again): wait until
    // it is down, then power it on from its own disk.
    await runOnTestServer(server, ['systemctl', 'reboot']);
    await until(
      'the server to go down',
      async () => (await runOnTestServer(server, ['true'])).code,
      (code) => code !== 0,
      60_000,
    );
    server = await restartTestServer(SERVER);
    await connect();
    const apps = await until(
      'the saved apps to run again',
      async () => (await inventory()).processes.map((app) => `${app.user}/${app.name}/${app.status}`).sort(),
      (list) => list.length === 2 && list.every((entry) => entry.endsWith('/online')),
      60_000,
    );
    expect(apps).toEqual(['hostdeck/api/online', 'shop/keeper/online']);
    expect(await sh('curl -s http://127.0.0.1:3000/')).toMatch(/^api \d+$/);
  }, 300_000);
});
