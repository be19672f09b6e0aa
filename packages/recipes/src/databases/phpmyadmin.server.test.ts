import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RecipeRun,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { parseStepLogLine } from '../progress.js';
import type { Recipe } from '../recipe.js';
import { toPasswordHex } from '../sites/site-inputs.js';
import { phpmyadminInstall, phpmyadminSignon } from './phpmyadmin.js';

/**
 * phpMyAdmin on a real Debian 12 server: installed from Debian's package (through the host's apt
 * cache), served by an isolated PHP site at /phpmyadmin/, and signed in to with a single-use token
 * as the panel does it (recipe phpmyadmin-signon, then the browser's visit, here curl on the server
 * with the site's Host header and a cookie jar).
 */
const SERVER = 'pma1';
let server: TestServer;
let session: RemoteSession;

const SITE = 'pma.test';
const site = {
  site: SITE,
  aliases: [] as string[],
  wildcard: false,
  linux_user: 'pmatest',
  isolated: true,
  directory: '/',
  php_version: '8.2',
  proxy_port: null,
  web_server: 'nginx',
  enabled: true,
  releases: false,
  bindings: [] as string[],
  lockdown: false,
  password_hex: toPasswordHex('Isolated-user password 1'),
};
const install = { site: SITE, web_server: 'nginx', php_version: '8.2' };
const DATABASE = 'pma_shop';
const DATABASE_USER = 'pma_user';
// Quotes, a backslash, a newline and non-ASCII: the password goes through stdin and a file only.
const PASSWORD = `p'a"s s;$(id)\\\nmật khẩu`;

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
});
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

const runRecipe = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);

function changesOf(result: RecipeRun): string[] {
  return result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });
}

async function succeed(recipe: Recipe, input: unknown): Promise<string[]> {
  const result = await runRecipe(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return changesOf(result);
}

/** stdout of a bash script on the server (extra arguments are $1…), failing on a non-zero exit. */
async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args], {
    timeoutMs: 120_000,
  });
  expect(result.code, `${script}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** A new token as the panel makes it: 32 random bytes, base64url; the server gets its sha256. */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}

async function signOn(hash: string, siteName = SITE): Promise<void> {
  const result = await runRecipe(phpmyadminSignon, {
    site: siteName,
    token_hash: hash,
    database_user: DATABASE_USER,
    password_hex: toPasswordHex(PASSWORD),
  });
  expect(result.exitCode, result.output).toBe(0);
  // The password reaches the server on stdin only: never in the step's output.
  expect(result.output).not.toContain('mật khẩu');
}

/**
 * The browser's visit of https://SITE/hostdeck-signon.php?token=…, over http on 127.0.0.1 with
 * the site's Host header, following redirects with a fresh cookie jar: the last status and body.
 */
async function visit(token: string, host = SITE): Promise<{ status: string; body: string; url: string }> {
  const output = await onServer(
    'jar=$(mktemp) body=$(mktemp); ' +
      'curl -s -L --max-redirs 5 -c "$jar" -b "$jar" -o "$body" -w "%{http_code} %{url_effective}" ' +
      '-H "Host: $1" "http://127.0.0.1/hostdeck-signon.php?token=$2"; printf "\\n"; cat "$body"; rm -f "$jar" "$body"',
    host,
    token,
  );
  const [first = '', ...body] = output.split('\n');
  const [status = '', url = ''] = first.split(' ');
  return { status, url, body: body.join('\n') };
}

describe('phpMyAdmin on a site, with single sign-on', () => {
  it('installs phpMyAdmin for a site and serves it at /phpmyadmin/', async () => {
    await runRecipeOnSession(session, 'site-apply', site).then((result) =>
      expect(result.exitCode, result.output).toBe(0),
    );
    const changes = await succeed(phpmyadminInstall, install);
    expect(changes.some((change) => change.startsWith('installed phpmyadmin'))).toBe(true);
    // Nothing was asked of dbconfig-common, and no web server was reconfigured by the package.
    expect(await onServer('ls /etc/apache2/conf-enabled/ | grep -c phpmyadmin || true')).toBe('0');
    expect(await onServer('stat -c "%a %U" /var/lib/hostdeck/phpmyadmin-signon')).toBe(
      '700 hostdeck-phpmyadmin',
    );
    // The site's own files and pool are untouched.
    expect(await onServer('grep -c phpmyadmin /etc/php/8.2/fpm/pool.d/pma.test.conf || true')).toBe('0');
    expect(await onServer('ls -A /home/pmatest/pma.test')).toBe('index.php');
    // Without a sign-on, phpMyAdmin sends the visitor to the sign-on page, which refuses.
    const anonymous = await onServer(
      'curl -s -L -o /dev/null -w "%{http_code} %{url_effective}" -H "Host: $1" http://127.0.0.1/phpmyadmin/',
      SITE,
    );
    expect(anonymous).toBe('403 http://127.0.0.1/hostdeck-signon.php');
  });

  it('changes nothing on a second run', async () => {
    expect(await succeed(phpmyadminInstall, install)).toEqual([]);
  });

  it('signs in once with a token, as the chosen database user, and shows the database', async () => {
    await onServer(
      'mariadb <<SQL\n' +
        `CREATE DATABASE ${DATABASE};\n` +
        "SET @password = CONVERT(X'$1' USING utf8mb4);\n" +
        `SET @sql = CONCAT('CREATE USER ''${DATABASE_USER}''@''localhost'' IDENTIFIED BY ', QUOTE(@password));\n` +
        'PREPARE statement FROM @sql;\nEXECUTE statement;\n' +
        `GRANT ALL PRIVILEGES ON ${DATABASE}.* TO '${DATABASE_USER}'@'localhost';\n` +
        `CREATE TABLE ${DATABASE}.orders (id INT PRIMARY KEY);\n` +
        'SQL',
      Buffer.from(PASSWORD).toString('hex'),
    );
    const { token, hash } = newToken();
    await signOn(hash);
    expect(await onServer('stat -c "%a %U" "/var/lib/hostdeck/phpmyadmin-signon/$1"', hash)).toBe(
      '600 hostdeck-phpmyadmin',
    );

    const page = await visit(token);
    expect(page.status).toBe('200');
    expect(page.url).toBe('http://127.0.0.1/phpmyadmin/index.php');
    expect(page.body).toContain(DATABASE);
    expect(page.body).toContain(`${DATABASE_USER}@localhost`);
    // Claimed and deleted: nothing of it is left on the server.
    expect(await onServer('ls -A /var/lib/hostdeck/phpmyadmin-signon')).toBe('');

    const again = await visit(token);
    expect(again.status).toBe('403');
    expect(again.body).toContain('already used');
    expect(again.body).toContain('đã được sử dụng');
  });

  it('refuses a token older than 30 seconds, and one of another site', async () => {
    const expired = newToken();
    await signOn(expired.hash);
    await onServer('touch -d "-40 seconds" "/var/lib/hostdeck/phpmyadmin-signon/$1"', expired.hash);
    expect((await visit(expired.token)).status).toBe('403');
    expect(await onServer('ls -A /var/lib/hostdeck/phpmyadmin-signon')).toBe('');

    // A token made for another site of the server does not open this one.
    const other = newToken();
    await onServer(
      'printf "other.test\\n%s\\nsecret" "$2" | runuser -u hostdeck-phpmyadmin -- tee "/var/lib/hostdeck/phpmyadmin-signon/$1" >/dev/null',
      other.hash,
      DATABASE_USER,
    );
    expect((await visit(other.token)).status).toBe('403');
    // A malformed token is refused before any file is looked at.
    expect((await visit('..%2F..%2Fetc%2Fpasswd')).status).toBe('403');
  });

  it('serves it the same way behind apache2', async () => {
    await onServer('systemctl stop nginx && systemctl start apache2');
    try {
      const apacheSite = { ...site, site: 'pmb.test', linux_user: 'pmbtest', web_server: 'apache2' };
      await runRecipeOnSession(session, 'site-apply', apacheSite).then((result) =>
        expect(result.exitCode, result.output).toBe(0),
      );
      const apacheInstall = { ...install, site: 'pmb.test', web_server: 'apache2' };
      expect(await succeed(phpmyadminInstall, apacheInstall)).toEqual([
        'wrote /etc/apache2/hostdeck/pmb.test/hostdeck-phpmyadmin.conf',
        'reloaded apache2',
      ]);
      expect(await succeed(phpmyadminInstall, apacheInstall)).toEqual([]);
      const { token, hash } = newToken();
      await signOn(hash, 'pmb.test');
      const page = await visit(token, 'pmb.test');
      expect(page.status, page.body.slice(0, 2000)).toBe('200');
      expect(page.body).toContain(DATABASE);
      expect((await visit(token, 'pmb.test')).status).toBe('403');
      // The site's own PHP still runs in its own pool, as its user.
      await onServer(
        'runuser -u pmbtest -- tee /home/pmbtest/pmb.test/who.php >/dev/null <<<"$1"',
        "<?php echo posix_getpwuid(posix_geteuid())['name'];",
      );
      expect(await onServer('curl -s -H "Host: pmb.test" http://127.0.0.1/who.php')).toBe('pmbtest');
    } finally {
      await onServer('systemctl stop apache2 && systemctl start nginx');
    }
  });
});
