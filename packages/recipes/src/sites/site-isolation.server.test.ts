import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { parseStepLogLine } from '../progress.js';
import { toPasswordHex } from './site-inputs.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RecipeRun,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';

/**
 * Issue 25 on a booted Debian 12 server (nginx, PHP 8.2 FPM), through the production builder:
 * - finding 3: sites cannot read each other's files by any means, PHP's subprocesses and the web
 *   server's symbolic links included, while every site still serves its files and its PHP;
 * - finding 2: a system account never owns a site, and a pool php-fpm refuses at reload is rolled
 *   back with php-fpm's own message while every other PHP site keeps answering.
 */
const SERVER = 'siteiso';
let server: TestServer;
let session: RemoteSession;

const site = (name: string, user: string, isolated: boolean) => ({
  site: name,
  aliases: [],
  wildcard: false,
  linux_user: user,
  isolated,
  directory: '/',
  php_version: '8.2',
  proxy_port: null,
  web_server: 'nginx',
  enabled: true,
  releases: false,
  bindings: [],
  lockdown: false,
  ...(isolated ? { password_hex: toPasswordHex(`${user} password 1234567890`) } : {}),
});
const alpha = site('alpha.test', 'alphauser', true);
const beta = site('beta.test', 'betauser', true);
const shared = site('shared.test', 'hostdeck', false);
const SECRET = { alpha: 'SECRET=alpha-key', beta: 'SECRET=beta-key', shared: 'SECRET=shared-key' };

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
});
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

const run = (recipeId: string, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipeId, input);

function changesOf(result: RecipeRun): string[] {
  return result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });
}

async function succeed(recipeId: string, input: unknown): Promise<string[]> {
  const result = await run(recipeId, input);
  expect(result.exitCode, `${recipeId} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return changesOf(result);
}

/** stdout of a bash script on the server (extra arguments are $1…), failing on a non-zero exit. */
async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args]);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** A file written as its owner (so the owner's tree stays the owner's). */
const writeAs = (user: string, path: string, content: string) =>
  onServer('runuser -u "$1" -- tee -- "$2" >/dev/null <<<"$3"', user, path, content);

/** What nginx answers for HOST and PATH: the status, then the body. */
async function fetchSite(host: string, path = '/'): Promise<{ status: string; body: string }> {
  const output = await onServer(
    'curl -s -o /tmp/body -w "%{http_code}" -H "Host: $1" "http://127.0.0.1$2"; printf "\\n"; cat /tmp/body',
    host,
    path,
  );
  const [status = '', ...body] = output.split('\n');
  return { status, body: body.join('\n') };
}

const stat = (path: string) => onServer('stat -c "%a %U:%G" -- "$1"', path);

/** A PHP page that tries to read PATH every way PHP offers, and reports what it got. */
const thief = (path: string) => `<?php
$path = ${JSON.stringify(path)};
$results = [];
$results['file_get_contents'] = @file_get_contents($path);
$results['shell_exec'] = shell_exec('cat ' . escapeshellarg($path) . ' 2>&1');
$process = proc_open(['cat', $path], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$results['proc_open'] = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
proc_close($process);
$results['ls'] = shell_exec('ls -la ' . escapeshellarg(dirname($path)) . ' 2>&1');
echo json_encode(['user' => posix_getpwuid(posix_geteuid())['name'], 'results' => $results]);
`;

describe('site isolation on a server', () => {
  it('serves three sites, each readable only by its own user and the web server', async () => {
    for (const each of [alpha, beta, shared]) await succeed('site-apply', each);
    const homes = { alpha: '/home/alphauser/alpha.test', beta: '/home/betauser/beta.test' };
    const sharedHome = '/home/hostdeck/shared.test';
    await writeAs('alphauser', `${homes.alpha}/.env`, SECRET.alpha);
    await writeAs('betauser', `${homes.beta}/.env`, SECRET.beta);
    await writeAs('hostdeck', `${sharedHome}/.env`, SECRET.shared);
    for (const [user, home] of [
      ['alphauser', homes.alpha],
      ['betauser', homes.beta],
      ['hostdeck', sharedHome],
    ] as const) {
      await writeAs(user, `${home}/static.txt`, `static of ${user}`);
    }

    // Each site's PHP tries to read the others' .env: nothing, by any means.
    const attempts = [
      ['alpha.test', 'alphauser', `${homes.beta}/.env`],
      ['alpha.test', 'alphauser', `${sharedHome}/.env`],
      ['beta.test', 'betauser', `${homes.alpha}/.env`],
      ['shared.test', 'hostdeck', `${homes.alpha}/.env`],
    ] as const;
    for (const [host, user, target] of attempts) {
      const home = host === 'shared.test' ? sharedHome : `/home/${user}/${host}`;
      await writeAs(user, `${home}/thief.php`, thief(target));
      const page = await fetchSite(host, '/thief.php');
      expect(page.status, page.body).toBe('200');
      const report = JSON.parse(page.body) as { user: string; results: Record<string, string | false> };
      expect(report.user).toBe(user);
      for (const [method, got] of Object.entries(report.results)) {
        expect(`${host} ${method} ${target}: ${String(got)}`).not.toMatch(/SECRET=/);
      }
      expect(report.results.shell_exec).toMatch(/Permission denied/);
      // Their shells, cron jobs and file managers are the same users.
      const shell = await runOnTestServer(server, ['runuser', '-u', user, '--', 'cat', target]);
      expect(shell.code).not.toBe(0);
      expect(shell.stdout).not.toContain('SECRET=');
    }

    // Every site still serves its static files and its PHP.
    for (const [host, user] of [
      ['alpha.test', 'alphauser'],
      ['beta.test', 'betauser'],
      ['shared.test', 'hostdeck'],
    ] as const) {
      expect(await fetchSite(host, '/static.txt')).toEqual({ status: '200', body: `static of ${user}` });
      const page = await fetchSite(host, '/');
      expect(page.status).toBe('200');
      expect(page.body).toContain('PHP 8.2');
    }

    for (const user of ['alphauser', 'betauser', 'hostdeck']) {
      expect(await stat(`/home/${user}`)).toBe(`710 ${user}:www-data`);
    }
  });

  it('does not let a site make the web server follow a link to another site', async () => {
    const home = '/home/alphauser/alpha.test';
    await onServer(
      'cd "$1" && runuser -u alphauser -- ln -sfn /home/betauser/beta.test/static.txt steal.txt && ' +
        'runuser -u alphauser -- ln -sfn /home/betauser/beta.test/.env steal-env.txt && ' +
        'runuser -u alphauser -- ln -sfn static.txt own.txt',
      home,
    );
    // nginx refuses the link (try_files then falls back to the site's own index.php).
    for (const path of ['/steal.txt', '/steal-env.txt']) {
      const page = await fetchSite('alpha.test', path);
      expect(page.body).not.toContain('betauser');
      expect(page.body).not.toContain('SECRET=');
    }
    // A link to the site's own file is served.
    expect(await fetchSite('alpha.test', '/own.txt')).toEqual({ status: '200', body: 'static of alphauser' });
  });

  it('changes nothing on a second run, and Fix permissions closes an opened home again', async () => {
    for (const each of [alpha, beta, shared]) expect(await succeed('site-apply', each)).toEqual([]);
    await onServer('chmod 0755 /home/betauser && chgrp betauser /home/betauser');
    expect(await fetchSite('beta.test', '/static.txt')).toMatchObject({ status: '200' });
    const chmod = { site: 'beta.test', linux_user: 'betauser', action: 'chmod' };
    const changes = await succeed('site-permissions', chmod);
    expect(changes).toEqual(
      expect.arrayContaining([expect.stringContaining('/home/betauser'), expect.stringContaining('0710')]),
    );
    expect(await stat('/home/betauser')).toBe('710 betauser:www-data');
    expect(await succeed('site-permissions', chmod)).toEqual([]);
    expect(await succeed('site-permissions', { ...chmod, action: 'chown' })).toEqual([]);
    expect(await fetchSite('beta.test', '/static.txt')).toMatchObject({ status: '200' });
  });

  it('keeps the links rule under apache2, which a .htaccess cannot lift', async () => {
    const htaccess = '/home/alphauser/alpha.test/.htaccess';
    await onServer('systemctl stop nginx && systemctl start apache2');
    try {
      await succeed('site-apply', { ...alpha, web_server: 'apache2' });
      // Asking for FollowSymLinks is refused (500), leaking nothing.
      await writeAs('alphauser', htaccess, 'Options +FollowSymLinks');
      for (const path of ['/steal.txt', '/steal-env.txt']) {
        const page = await fetchSite('alpha.test', path);
        expect(page.status).toBe('500');
        expect(page.body).not.toContain('betauser');
        expect(page.body).not.toContain('SECRET=');
      }
      // What sites write instead works.
      await writeAs('alphauser', htaccess, 'Options -Indexes -MultiViews +SymLinksIfOwnerMatch');
      expect(await fetchSite('alpha.test', '/static.txt')).toEqual({
        status: '200',
        body: 'static of alphauser',
      });
      expect(await fetchSite('alpha.test', '/own.txt')).toEqual({
        status: '200',
        body: 'static of alphauser',
      });
      expect((await fetchSite('alpha.test', '/thief.php')).status).toBe('200');
      for (const path of ['/steal.txt', '/steal-env.txt']) {
        const page = await fetchSite('alpha.test', path);
        expect(page.status).toBe('403');
        expect(page.body).not.toContain('betauser');
        expect(page.body).not.toContain('SECRET=');
      }
    } finally {
      await onServer(
        'rm -f /home/alphauser/alpha.test/.htaccess; systemctl stop apache2 && systemctl start nginx',
      );
    }
    await succeed('site-apply', alpha);
  });
});

describe('special users and php-fpm refusals on a server', () => {
  it('never makes a system account the owner of a site, isolated or not', async () => {
    // Names the panel's grammar lets through, but a uid below 1000 (or 0) on this server.
    await onServer('useradd --system --create-home sysowner && useradd -o -u 0 -g 0 -M toor');
    for (const [user, isolated] of [
      ['sysowner', false],
      ['sysowner', true],
      ['toor', false],
    ] as const) {
      const result = await run('site-apply', {
        ...site('sys.test', user, isolated),
        password_hex: undefined,
      });
      expect(result.failedStep, result.output).toBe('user');
      expect(result.output).toContain('is a system account');
      expect(await onServer('ls /etc/php/8.2/fpm/pool.d/')).not.toContain('sys.test');
    }
    const permissions = await run('site-permissions', {
      site: 'alpha.test',
      linux_user: 'sysowner',
      action: 'chown',
    });
    expect(permissions.exitCode).not.toBe(0);
    expect(permissions.output).toContain('is a system account');
    expect(await stat('/home/alphauser/alpha.test')).toBe('755 alphauser:alphauser');
  });

  it('rolls a pool php-fpm refuses at reload back, with its message; every PHP site still answers', async () => {
    const pool = '/etc/php/8.2/fpm/pool.d/beta.test.conf';
    const before = await onServer('cat "$1"', pool);
    await writeAs(
      'betauser',
      '/home/betauser/beta.test/who.php',
      "<?php echo posix_getpwuid(posix_geteuid())['name'];",
    );
    expect((await fetchSite('beta.test', '/who.php')).body).toBe('betauser');
    // An administrator put the site's user in root's group: the pool says `group = root`, which
    // php-fpm -t accepts and php-fpm itself refuses when it reloads.
    await onServer('usermod -g root betauser');
    try {
      const result = await run('site-apply', beta);
      expect(result.failedStep, result.output).toBe('php-pool');
      expect(result.output).toContain('please specify user and group other than root');
      expect(result.output).toContain('the previous one was put back');
      expect(await onServer('cat "$1"', pool)).toBe(before);
      expect(await onServer('systemctl is-active php8.2-fpm')).toBe('active');
      expect((await fetchSite('beta.test', '/who.php')).body).toBe('betauser');
      for (const host of ['alpha.test', 'shared.test']) {
        const page = await fetchSite(host, '/');
        expect(page.status).toBe('200');
        expect(page.body).toContain('PHP 8.2');
      }
    } finally {
      await onServer('usermod -g betauser betauser');
    }
    expect(await succeed('site-apply', beta)).toEqual([]);
  });

  it('removes a new pool php-fpm refuses, and php-fpm comes back without it', async () => {
    await onServer('useradd --create-home --gid root rootgroup');
    const result = await run('site-apply', site('gamma.test', 'rootgroup', true));
    expect(result.failedStep, result.output).toBe('php-pool');
    expect(result.output).toContain('please specify user and group other than root');
    expect(result.output).toContain('it was removed');
    expect(await onServer('ls /etc/php/8.2/fpm/pool.d/')).not.toContain('gamma.test');
    expect(await onServer('systemctl is-active php8.2-fpm')).toBe('active');
    for (const host of ['alpha.test', 'beta.test', 'shared.test']) {
      expect((await fetchSite(host, '/')).status).toBe('200');
    }
  });
});
