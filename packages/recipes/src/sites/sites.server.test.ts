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
 * The site recipes on a real Debian 12 server with nginx, PHP 8.2 FPM, MariaDB and PostgreSQL:
 * every step built by the production builder and run over SSH as the job runner runs it; then
 * the server itself is checked (what nginx answers, who PHP runs as, owners and modes).
 */
const SERVER = 'site1';
let server: TestServer;
let session: RemoteSession;

const USER_PASSWORD = 'Isolated-user password 1';
// Quotes, a backslash, a shell substitution and non-ASCII: only stdin can carry this safely.
const DB_PASSWORD = `p'a"s s;$(id)\\ mật khẩu`;

const alpha = {
  site: 'alpha.test',
  aliases: ['www.alpha.test'],
  wildcard: true,
  linux_user: 'alphatest',
  isolated: true,
  directory: '/',
  php_version: '8.2' as string | null,
  proxy_port: null as number | null,
  web_server: 'nginx',
  enabled: true,
  releases: false,
  bindings: [] as string[],
  lockdown: false,
  password_hex: toPasswordHex(USER_PASSWORD),
};
const proxied = {
  ...alpha,
  site: 'proxy.test',
  aliases: [],
  wildcard: false,
  linux_user: 'hostdeck',
  isolated: false,
  php_version: null,
  proxy_port: 8081,
  password_hex: undefined,
};
const alphaDatabase = { type: 'mariadb', name: 'alpha_db', username: 'alpha_user' };

beforeAll(async () => {
  server = await bootWebTestServer(SERVER, ['postgresql', 'apache2']);
  session = await connectToTestServer(server);
});
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

async function run(recipeId: string, input: unknown): Promise<RecipeRun> {
  return runRecipeOnSession(session, recipeId, input);
}

/** Runs a recipe that must succeed; returns its `change` lines. */
async function succeed(recipeId: string, input: unknown): Promise<string[]> {
  const result = await run(recipeId, input);
  expect(result.exitCode, `${recipeId} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return changesOf(result);
}

function changesOf(result: RecipeRun): string[] {
  return result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });
}

/** stdout of a bash script on the server (extra arguments are $1…), failing on a non-zero exit. */
async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args]);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** What nginx on the server answers for HOST (status and body). */
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
const exists = (path: string) => onServer('if [[ -e $1 || -L $1 ]]; then echo yes; else echo no; fi', path);

describe('site recipes on a server', () => {
  it('creates an isolated PHP site with a database, served by nginx as its own user', async () => {
    await succeed('site-apply', alpha);
    await succeed('site-database-create', { ...alphaDatabase, password_hex: toPasswordHex(DB_PASSWORD) });

    const page = await fetchSite('alpha.test');
    expect(page.status).toBe('200');
    expect(page.body).toContain('<h1>alpha.test</h1>');
    expect(page.body).toContain('PHP 8.2');
    // Aliases and the wildcard answer with the same site.
    expect((await fetchSite('www.alpha.test')).body).toContain('<h1>alpha.test</h1>');
    expect((await fetchSite('any.alpha.test')).body).toContain('<h1>alpha.test</h1>');

    const probe = [
      '<?php',
      `$password = base64_decode('${Buffer.from(DB_PASSWORD).toString('base64')}');`,
      "$db = new mysqli('localhost', 'alpha_user', $password, 'alpha_db');",
      "echo posix_getpwuid(posix_geteuid())['name'], '|', $db->query('SELECT DATABASE()')->fetch_row()[0];",
      "echo '|', is_readable('/etc/passwd') ? 'escaped' : 'confined';",
    ].join('\n');
    await onServer(
      'runuser -u alphatest -- tee /home/alphatest/alpha.test/probe.php >/dev/null <<<"$1"',
      probe,
    );
    expect((await fetchSite('alpha.test', '/probe.php')).body).toBe('alphatest|alpha_db|confined');

    // The gate of the user's sites: only the web server may pass (docs/site-isolation.md).
    expect(await stat('/home/alphatest')).toBe('710 alphatest:www-data');
    expect(await stat('/home/alphatest/alpha.test')).toBe('755 alphatest:alphatest');
    expect(await stat('/home/alphatest/alpha.test/index.php')).toBe('644 alphatest:alphatest');
    expect(await stat('/etc/php/8.2/fpm/pool.d/alpha.test.conf')).toBe('644 root:root');
    expect(await stat('/run/php/php8.2-fpm-alpha.test.sock')).toBe('660 www-data:www-data');
    expect(await onServer('passwd -S alphatest | cut -d" " -f2')).toBe('P');
    const hash = await onServer('getent shadow alphatest | cut -d: -f2');
    expect(
      await onServer(
        'perl -e \'print crypt($ARGV[0], $ARGV[1]) eq $ARGV[1] ? "ok" : "no"\' "$1" "$2"',
        USER_PASSWORD,
        hash,
      ),
    ).toBe('ok');
    // Dotfiles are never served.
    await onServer('runuser -u alphatest -- tee /home/alphatest/alpha.test/.env >/dev/null <<<SECRET=1');
    expect((await fetchSite('alpha.test', '/.env')).status).toBe('403');
  });

  it('changes nothing on a second run', async () => {
    expect(await succeed('site-apply', alpha)).toEqual([]);
    expect(
      await succeed('site-database-create', { ...alphaDatabase, password_hex: toPasswordHex(DB_PASSWORD) }),
    ).toEqual([]);
  });

  it('proxies a site to its port, except the ACME challenge', async () => {
    await onServer(
      'mkdir -p /srv/backend && printf "%s" "$1" >/srv/backend/index.php && ' +
        'systemd-run --quiet --unit=hostdeck-test-backend php -S 127.0.0.1:8081 -t /srv/backend',
      '<?php echo "backend|", $_SERVER["HTTP_HOST"], "|", $_SERVER["HTTP_X_FORWARDED_PROTO"];',
    );
    await succeed('site-apply', proxied);
    await onServer(
      'for _ in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:8081/ && exit 0; sleep 0.1; done; exit 1',
    );
    expect((await fetchSite('proxy.test', '/anything')).body).toBe('backend|proxy.test|http');
    await onServer('printf token-content >/var/lib/hostdeck/acme/.well-known/acme-challenge/token1');
    expect((await fetchSite('proxy.test', '/.well-known/acme-challenge/token1')).body).toBe('token-content');
  });

  it('serves HTTPS only while both certificate files exist', async () => {
    await onServer(
      'mkdir -p /etc/hostdeck/ssl/alpha.test && cd /etc/hostdeck/ssl/alpha.test && ' +
        'openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=alpha.test -days 2 -keyout privkey.pem -out fullchain.pem 2>/dev/null',
    );
    await succeed('site-apply', alpha);
    const https = () =>
      runOnTestServer(server, [
        'curl',
        '-sk',
        '--resolve',
        'alpha.test:443:127.0.0.1',
        'https://alpha.test/',
      ]);
    expect((await https()).stdout).toContain('<h1>alpha.test</h1>');
    await onServer('rm -f /etc/hostdeck/ssl/alpha.test/privkey.pem');
    await succeed('site-apply', alpha);
    expect(await onServer('grep -c "listen 443" /etc/nginx/sites-available/alpha.test.conf || true')).toBe(
      '0',
    );
    expect((await fetchSite('alpha.test')).status).toBe('200');
  });

  it('disables and enables a site', async () => {
    expect(await succeed('site-apply', { ...alpha, enabled: false })).toContain(
      'disabled alpha.test (removed /etc/nginx/sites-enabled/alpha.test.conf)',
    );
    expect((await fetchSite('alpha.test')).body).not.toContain('<h1>alpha.test</h1>');
    expect(await exists('/etc/nginx/sites-available/alpha.test.conf')).toBe('yes');
    await succeed('site-apply', alpha);
    expect((await fetchSite('alpha.test')).body).toContain('<h1>alpha.test</h1>');
  });

  it('keeps the previous vhost when nginx rejects the new one', async () => {
    const before = await onServer('cat /etc/nginx/sites-available/alpha.test.conf');
    await onServer('printf "this is not nginx;\\n" >/etc/nginx/hostdeck/alpha.test/x.conf');
    const result = await run('site-apply', { ...alpha, aliases: ['www.alpha.test', 'new.alpha.test'] });
    expect(result.exitCode).not.toBe(0);
    expect(result.failedStep).toBe('vhost');
    expect(result.output).toContain('unknown directive "this"');
    expect(await onServer('cat /etc/nginx/sites-available/alpha.test.conf')).toBe(before);
    // nginx was never reloaded with it: every site still answers.
    expect((await fetchSite('proxy.test', '/x')).status).toBe('200');
    expect((await fetchSite('alpha.test')).status).toBe('200');
    await onServer('rm -f /etc/nginx/hostdeck/alpha.test/x.conf && nginx -t -q');
  });

  it('locks the site down and gives it back', async () => {
    expect(await succeed('site-apply', { ...alpha, lockdown: true })).toHaveLength(1);
    expect(await stat('/home/alphatest/alpha.test')).toBe('755 root:alphatest');
    expect(await stat('/home/alphatest/alpha.test/index.php')).toBe('644 root:alphatest');
    const write = await runOnTestServer(server, [
      'runuser',
      '-u',
      'alphatest',
      '--',
      'touch',
      '/home/alphatest/alpha.test/new',
    ]);
    expect(write.code).not.toBe(0);
    expect((await fetchSite('alpha.test', '/probe.php')).body).toBe('alphatest|alpha_db|confined');
    expect(await succeed('site-apply', { ...alpha, lockdown: true })).toEqual([]);
    expect(await succeed('site-apply', alpha)).toHaveLength(1);
    expect(await stat('/home/alphatest/alpha.test/index.php')).toBe('644 alphatest:alphatest');
  });

  it('repairs owners and modes (site-permissions)', async () => {
    await onServer(
      'cd /home/alphatest/alpha.test && mkdir -p sub && chmod 0700 sub && touch sub/root-file && ' +
        'chmod 0600 index.php && printf "#!/bin/sh\\n" >run.sh && chmod 0700 run.sh && chown root:root sub/root-file',
    );
    const chown = { site: 'alpha.test', linux_user: 'alphatest', action: 'chown' };
    expect(await succeed('site-permissions', chown)).toHaveLength(1);
    expect(await stat('/home/alphatest/alpha.test/sub/root-file')).toBe('644 alphatest:alphatest');
    expect(await succeed('site-permissions', chown)).toEqual([]);
    const chmod = { ...chown, action: 'chmod' };
    expect(await succeed('site-permissions', chmod)).toHaveLength(1);
    expect(await stat('/home/alphatest/alpha.test/sub')).toBe('755 alphatest:alphatest');
    expect(await stat('/home/alphatest/alpha.test/index.php')).toBe('644 alphatest:alphatest');
    expect(await stat('/home/alphatest/alpha.test/run.sh')).toBe('755 alphatest:alphatest');
    expect(await succeed('site-permissions', chmod)).toEqual([]);
  });

  it('moves a site to a new owner', async () => {
    await succeed('site-apply', {
      ...proxied,
      linux_user: 'proxyuser',
      isolated: true,
      previous_linux_user: 'hostdeck',
    });
    expect(await exists('/home/hostdeck/proxy.test')).toBe('no');
    expect(await stat('/home/proxyuser/proxy.test')).toBe('755 proxyuser:proxyuser');
    expect((await fetchSite('proxy.test')).body).toBe('backend|proxy.test|http');
  });

  it('removes the pool when the site has no PHP any more', async () => {
    await succeed('site-apply', { ...alpha, php_version: null });
    expect(await exists('/etc/php/8.2/fpm/pool.d/alpha.test.conf')).toBe('no');
    expect(await exists('/run/php/php8.2-fpm-alpha.test.sock')).toBe('no');
    expect(await onServer('grep -c fastcgi_pass /etc/nginx/sites-available/alpha.test.conf || true')).toBe(
      '0',
    );
  });

  it('serves releases through the current link', async () => {
    const site = { ...proxied, site: 'rel.test', proxy_port: null, php_version: '8.2', releases: true };
    await succeed('site-apply', site);
    expect(await stat('/home/hostdeck/rel.test/releases')).toBe('755 hostdeck:hostdeck');
    expect(await stat('/home/hostdeck/rel.test/shared')).toBe('755 hostdeck:hostdeck');
    expect(
      await onServer(
        'grep -c "root /home/hostdeck/rel.test/current;" /etc/nginx/sites-available/rel.test.conf',
      ),
    ).toBe('1');
    const release = (name: string) =>
      onServer(
        'cd /home/hostdeck/rel.test && runuser -u hostdeck -- mkdir -p "releases/$1" && ' +
          'printf "%s" "$2" | runuser -u hostdeck -- tee "releases/$1/index.php" >/dev/null && ' +
          'runuser -u hostdeck -- ln -sfn "releases/$1" current.new && runuser -u hostdeck -- mv -T current.new current',
        name,
        `<?php echo 'release ${name}';`,
      );
    await release('20250101000000');
    expect((await fetchSite('rel.test')).body).toBe('release 20250101000000');
    await release('20250102000000');
    expect((await fetchSite('rel.test')).body).toBe('release 20250102000000');
    expect(await succeed('site-apply', site)).toEqual([]);
  });

  it('listens only on the addresses a site is bound to', async () => {
    const bound = { ...proxied, site: 'bind.test', proxy_port: null, bindings: ['::1'] };
    await succeed('site-apply', bound);
    const overIpv6 = await onServer('curl -s -g -H "Host: bind.test" "http://[::1]/"');
    expect(overIpv6).toContain('<h1>bind.test</h1>');
    expect((await fetchSite('bind.test')).body).not.toContain('<h1>bind.test</h1>');
    const remove = {
      site: 'bind.test',
      linux_user: 'hostdeck',
      isolated: false,
      web_server: 'nginx',
      php_version: null,
    };
    await succeed('site-delete', { ...remove, delete_user: true });
    expect(await exists('/home/hostdeck/bind.test')).toBe('no');
    // A shared site's user is never removed, even when asked.
    expect((await runOnTestServer(server, ['id', 'hostdeck'])).code).toBe(0);
  });

  it('creates and drops a PostgreSQL database', async () => {
    const database = { type: 'postgresql', name: 'AlphaPg', username: 'alpha_pg' };
    await succeed('site-database-create', { ...database, password_hex: toPasswordHex(DB_PASSWORD) });
    const login = await runOnTestServer(server, [
      'env',
      `PGPASSWORD=${DB_PASSWORD}`,
      'psql',
      '-h',
      '127.0.0.1',
      '-U',
      'alpha_pg',
      '-d',
      'AlphaPg',
      '-tAc',
      'SELECT current_user',
    ]);
    expect(login.stdout.trim()).toBe('alpha_pg');
    expect(await succeed('site-database-drop', database)).toHaveLength(2);
    expect(
      await onServer(
        'runuser -u postgres -- psql -tAc "SELECT count(*) FROM pg_roles WHERE rolname = \'alpha_pg\'"',
      ),
    ).toBe('0');
    expect(await succeed('site-database-drop', database)).toEqual([]);
  });

  it('deletes a site without leaving anything behind', async () => {
    const remove = {
      site: 'alpha.test',
      linux_user: 'alphatest',
      isolated: true,
      web_server: 'nginx',
      php_version: null,
      delete_user: true,
    };
    await succeed('site-delete', remove);
    await succeed('site-database-drop', alphaDatabase);
    for (const path of [
      '/home/alphatest',
      '/etc/nginx/sites-available/alpha.test.conf',
      '/etc/nginx/sites-enabled/alpha.test.conf',
      '/etc/nginx/hostdeck/alpha.test',
      '/etc/php/8.2/fpm/pool.d/alpha.test.conf',
      '/etc/hostdeck/ssl/alpha.test',
      '/var/log/nginx/alpha.test.access.log',
      '/var/log/nginx/alpha.test.error.log',
    ]) {
      expect(`${path}: ${await exists(path)}`).toBe(`${path}: no`);
    }
    expect((await runOnTestServer(server, ['id', 'alphatest'])).code).not.toBe(0);
    expect(
      await onServer(
        "mariadb -N -e \"SHOW DATABASES LIKE 'alpha_db'; SELECT User FROM mysql.user WHERE User = 'alpha_user'\"",
      ),
    ).toBe('');
    expect((await fetchSite('alpha.test')).body).not.toContain('<h1>alpha.test</h1>');
    expect((await fetchSite('proxy.test')).status).toBe('200');
    expect(await succeed('site-delete', remove)).toEqual([]);
  });

  it('does the same with apache2', async () => {
    await onServer('systemctl stop nginx && systemctl start apache2');
    try {
      const beta = {
        ...alpha,
        site: 'beta.test',
        linux_user: 'betatest',
        web_server: 'apache2',
        directory: '/public',
      };
      await succeed('site-apply', beta);
      expect(await succeed('site-apply', beta)).toEqual([]);
      expect((await fetchSite('any.beta.test')).body).toContain('<h1>beta.test</h1>');
      await onServer(
        'runuser -u betatest -- tee /home/betatest/beta.test/public/who.php >/dev/null <<<"$1"',
        "<?php echo posix_getpwuid(posix_geteuid())['name'];",
      );
      expect((await fetchSite('beta.test', '/who.php')).body).toBe('betatest');
      await onServer(
        'runuser -u betatest -- tee /home/betatest/beta.test/public/.env >/dev/null <<<SECRET=1',
      );
      expect((await fetchSite('beta.test', '/.env')).status).toBe('403');
      await succeed('site-apply', { ...beta, proxy_port: 8081 });
      expect((await fetchSite('beta.test', '/x')).body).toBe('backend|beta.test|http');
      expect((await fetchSite('beta.test', '/.well-known/acme-challenge/token1')).body).toBe('token-content');
      // As the agent site (proxy_port 2022) it lifts Apache's body limit and the proxy timeout,
      // and apachectl configtest (run by site-apply) accepts both.
      await succeed('site-apply', { ...beta, proxy_port: 2022 });
      const vhost = await onServer('cat /etc/apache2/sites-available/beta.test.conf');
      expect(vhost).toContain('LimitRequestBody 0');
      expect(vhost).toContain('ProxyTimeout 3600');
      await succeed('site-delete', {
        site: 'beta.test',
        linux_user: 'betatest',
        isolated: true,
        web_server: 'apache2',
        php_version: '8.2',
        delete_user: true,
      });
      expect(await exists('/etc/apache2/sites-available/beta.test.conf')).toBe('no');
      expect(await exists('/home/betatest')).toBe('no');
      expect((await fetchSite('beta.test')).body).not.toContain('<h1>beta.test</h1>');
    } finally {
      await onServer('systemctl stop apache2 && systemctl start nginx');
    }
  });
});
