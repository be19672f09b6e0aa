import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { hostEndAddress } from '../../../../tools/test-server/npm-mirror.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RecipeRun,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { parseStepLogLine } from '../progress.js';
import type { Recipe } from '../recipe.js';
import { siteApply } from '../sites/site-apply.js';
import { encodeFileBytes } from './php-inputs.js';
import { parsePhpIni, parsePhpInventory } from './php-inventory.js';
import {
  phpCli,
  phpDefault,
  phpIniRead,
  phpIniWrite,
  phpInventory,
  phpIoncube,
  phpOpcacheReset,
  phpRemove,
  phpSettingsApply,
} from './php-recipes.js';

/**
 * The php-* recipes on a real Debian 12 server (nginx, PHP 8.2 FPM), each built by the production
 * builder and run over SSH as the job runner runs it; then the server itself is checked: what
 * nginx and PHP answer (a 150 MB upload: 413, then 200), the files, the alternatives.
 * Debian 12 ships PHP 8.2 only: installing another version needs packages.sury.org, which test
 * servers cannot reach, so only 8.2 is installed and removed here.
 */
const SERVER = 'php1';
const SITE = 'up.test';
const ROOT = `/home/hostdeck/${SITE}`;
let server: TestServer;
let session: RemoteSession;
let tarballServer: Server | undefined;
let scratch = '';

const site = {
  site: SITE,
  aliases: [],
  wildcard: false,
  linux_user: 'hostdeck',
  isolated: false,
  directory: '/',
  php_version: '8.2',
  proxy_port: null,
  web_server: 'nginx',
  enabled: true,
  releases: false,
  bindings: [],
  lockdown: false,
};

const PAGE = `<?php
header('Content-Type: text/plain');
$file = $_FILES['file'] ?? null;
echo 'upload=', ini_get('upload_max_filesize'), ' post=', ini_get('post_max_size'),
  ' time=', ini_get('max_execution_time'), ' opcache=', (int) ini_get('opcache.enable'),
  ' received=', $file ? $file['size'] : 0, ' error=', $file ? $file['error'] : -1, "\\n";
`;

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
}, 600_000);
afterAll(async () => {
  await session?.close();
  await new Promise<void>((resolve) => (tarballServer ? tarballServer.close(() => resolve()) : resolve()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await stopTestServer(SERVER);
});

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);

async function succeed(recipe: Recipe, input: unknown): Promise<string[]> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });
}

async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args], {
    timeoutMs: 120_000,
  });
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** POSTs a file of SIZE MB (zeros) to the site's page: `STATUS BODY`. */
const upload = (sizeMb: number) =>
  onServer(
    `[[ -f /root/big-$1 ]] || head -c "$1M" /dev/zero >"/root/big-$1"
     curl -s -o /root/answer -w '%{http_code}' -H "Host: $2" -F "file=@/root/big-$1" http://127.0.0.1/upload.php
     printf ' '; cat /root/answer`,
    String(sizeMb),
    SITE,
  );
const page = () => onServer(`curl -s -w ' %{http_code}' -H "Host: $1" http://127.0.0.1/upload.php`, SITE);
const sha = (file: string) => onServer('sha256sum -- "$1" | cut -c1-64', file);
const settings = (upload_size_mb: number, execution_time: number, opcache = true) => ({
  version: '8.2',
  upload_size_mb,
  execution_time,
  opcache,
});

describe('php recipes on a server', () => {
  it('reads the installed versions, their FPM state and the command-line version', async () => {
    const result = await run(phpInventory, {});
    expect(result.exitCode, result.output).toBe(0);
    const inventory = parsePhpInventory(result.stdout);
    expect(inventory.versions).toEqual([{ version: '8.2', fpm: 'active', ioncube: false }]);
    expect(inventory.cli).toBe('8.2');
  });

  it('gets a 150 MB upload refused with 413, then accepted once the upload size is 256 MB', async () => {
    await succeed(siteApply, site);
    const written = await runOnTestServer(
      server,
      ['bash', '-c', 'cat >"$1/upload.php" && chown hostdeck:hostdeck "$1/upload.php"', 'test', ROOT],
      { input: PAGE },
    );
    expect(written.code, written.stderr).toBe(0);
    expect(await page()).toMatch(/ 200$/);
    expect(await upload(150)).toMatch(/^413 /);

    const changes = await succeed(phpSettingsApply, settings(256, 120));
    expect(changes).toEqual(
      expect.arrayContaining([
        'wrote /etc/php/8.2/fpm/conf.d/99-hostdeck.ini',
        `wrote /etc/php/8.2/fpm/pool.d/${SITE}.conf`,
        `wrote /etc/nginx/hostdeck/${SITE}/php-limits.conf`,
      ]),
    );
    expect(await onServer('cat /etc/php/8.2/fpm/conf.d/99-hostdeck.ini')).toContain(
      'upload_max_filesize = 256M',
    );
    expect(await onServer(`cat /etc/php/8.2/fpm/pool.d/${SITE}.conf`)).toContain(
      'request_terminate_timeout = 150s',
    );
    const limits = await onServer(`cat /etc/nginx/hostdeck/${SITE}/php-limits.conf`);
    expect(limits).toContain('client_max_body_size 264m;');
    expect(limits).toContain('fastcgi_read_timeout 150s;');
    const answer = await upload(150);
    expect(answer).toMatch(/^200 upload=256M post=264M time=120 opcache=1 received=157286400 error=0/);
    // Again: nothing changes; and site-apply renders the same limits from the panel's data.
    expect(await succeed(phpSettingsApply, settings(256, 120))).toEqual([]);
    expect(
      await succeed(siteApply, {
        ...site,
        php_upload_size_mb: 256,
        php_execution_time: 120,
      }),
    ).toEqual([]);
  }, 300_000);

  it('turns OPcache off and on, and resets it with a reload', async () => {
    await succeed(phpSettingsApply, settings(256, 120, false));
    expect(await page()).toMatch(/opcache=0/);
    await succeed(phpSettingsApply, settings(256, 120, true));
    expect(await page()).toMatch(/opcache=1/);
    expect(await succeed(phpOpcacheReset, { version: '8.2' })).toContain('reset the OPcache of PHP 8.2');
    expect(await onServer('systemctl is-active php8.2-fpm')).toBe('active');
  });

  it('puts every file back when nginx refuses the new limits', async () => {
    await onServer(
      `printf 'client_max_body_size 5m;\\n' >/etc/nginx/hostdeck/${SITE}/custom.conf; nginx -t -q`,
    ).catch(() => '');
    const before = await Promise.all(
      ['/etc/php/8.2/fpm/conf.d/99-hostdeck.ini', `/etc/php/8.2/fpm/pool.d/${SITE}.conf`].map(sha),
    );
    const result = await run(phpSettingsApply, settings(512, 300));
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toMatch(/duplicate/);
    expect(
      await Promise.all(
        ['/etc/php/8.2/fpm/conf.d/99-hostdeck.ini', `/etc/php/8.2/fpm/pool.d/${SITE}.conf`].map(sha),
      ),
    ).toEqual(before);
    expect(await onServer(`cat /etc/nginx/hostdeck/${SITE}/php-limits.conf`)).toContain(
      'client_max_body_size 264m;',
    );
    await onServer(`rm -f /etc/nginx/hostdeck/${SITE}/custom.conf; nginx -t -q`);
    expect(await page()).toMatch(/ 200$/);
  });

  it('reads and writes php.ini: a broken one is refused with php-fpm’s message and put back', async () => {
    const read = await run(phpIniRead, { version: '8.2', sapi: 'fpm' });
    expect(read.exitCode, read.output).toBe(0);
    const original = parsePhpIni(read.stdout)!;
    expect(original).toContain('[PHP]');
    const before = await sha('/etc/php/8.2/fpm/php.ini');

    const broken = await run(phpIniWrite, {
      version: '8.2',
      sapi: 'fpm',
      content: encodeFileBytes(`${original}\nmemory_limit = "128M\n[broken\n`),
    });
    expect(broken.exitCode).not.toBe(0);
    expect(broken.output).toMatch(/php-fpm8\.2 -t refused the php\.ini/);
    expect(broken.output).toMatch(/syntax error/i);
    expect(await sha('/etc/php/8.2/fpm/php.ini')).toBe(before);
    expect(await page()).toMatch(/ 200$/);

    const edited = `${original}\n; edited by the panel's test\n`;
    await succeed(phpIniWrite, { version: '8.2', sapi: 'fpm', content: encodeFileBytes(edited) });
    const again = await run(phpIniRead, { version: '8.2', sapi: 'fpm' });
    expect(parsePhpIni(again.stdout)).toBe(edited);
    await succeed(phpIniWrite, { version: '8.2', sapi: 'fpm', content: encodeFileBytes(original) });
    expect(await sha('/etc/php/8.2/fpm/php.ini')).toBe(before);

    const cliBefore = await sha('/etc/php/8.2/cli/php.ini');
    const cliRead = parsePhpIni((await run(phpIniRead, { version: '8.2', sapi: 'cli' })).stdout)!;
    const cliBroken = await run(phpIniWrite, {
      version: '8.2',
      sapi: 'cli',
      content: encodeFileBytes(`${cliRead}\nerror_reporting = E_ALL & (\n`),
    });
    expect(cliBroken.exitCode).not.toBe(0);
    expect(await sha('/etc/php/8.2/cli/php.ini')).toBe(cliBefore);
    expect(await page()).toMatch(/ 200$/);
  });

  it('sets the command-line PHP with update-alternatives, and checks the default version', async () => {
    expect(await succeed(phpCli, { version: '8.2' })).toContain('php is now /usr/bin/php8.2');
    expect(await succeed(phpCli, { version: '8.2' })).toEqual([]);
    expect(
      await onServer('readlink -f /usr/bin/php; update-alternatives --query php | grep ^Status'),
    ).toMatch(/\/usr\/bin\/php8\.2\nStatus: manual/);
    await succeed(phpDefault, { version: '8.2' });
    const missing = await run(phpDefault, { version: '8.1' });
    expect(missing.exitCode).not.toBe(0);
    expect(missing.output).toContain('PHP 8.1 is not installed on this server');
  });

  it('refuses to remove a version a site still uses', async () => {
    const result = await run(phpRemove, { version: '8.2' });
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain(`${SITE}.conf`);
    expect(await onServer('systemctl is-active php8.2-fpm')).toBe('active');
  });

  it('rolls ionCube back when the loader PHP cannot load, and turns it off', async () => {
    // A tarball shaped like ionCube's, served from the host end, whose loader is not a loader.
    scratch = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-ioncube-'));
    mkdirSync(path.join(scratch, 'ioncube'));
    writeFileSync(path.join(scratch, 'ioncube', 'ioncube_loader_lin_8.2.so'), 'not an ELF file\n');
    execFileSync('tar', ['-czf', path.join(scratch, 'loaders.tar.gz'), '-C', scratch, 'ioncube']);
    const tarball = readFileSync(path.join(scratch, 'loaders.tar.gz'));
    tarballServer = createServer((_request, response) => response.end(tarball));
    const port = await new Promise<number>((resolve) =>
      tarballServer!.listen(0, '0.0.0.0', () => resolve((tarballServer!.address() as { port: number }).port)),
    );
    const source = `http://${hostEndAddress(server)}:${port}/ioncube_loaders_lin_x86-64.tar.gz`;

    const result = await run(phpIoncube, { version: '8.2', enabled: true, source });
    expect(result.exitCode, result.output).not.toBe(0);
    expect(result.output).toMatch(/could not load the ionCube Loader/);
    expect(
      await onServer(
        'ls /etc/php/8.2/fpm/conf.d/00-hostdeck-ioncube.ini /etc/php/8.2/cli/conf.d/00-hostdeck-ioncube.ini /usr/lib/php/hostdeck-ioncube/ioncube_loader_lin_8.2.so 2>&1 | grep -c "No such file"',
      ),
    ).toBe('3');
    expect(await onServer('php8.2 -v 2>&1 | grep -ci -e warning -e failed || true')).toBe('0');
    expect(await page()).toMatch(/ 200$/);
    expect(await succeed(phpIoncube, { version: '8.2', enabled: false })).toEqual([]);
  });
});
