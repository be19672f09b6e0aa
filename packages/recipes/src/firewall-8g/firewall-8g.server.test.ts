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
import {
  FIREWALL_8G_MAPS_PATH,
  firewall8gChecksPath,
  firewall8gDisable,
  firewall8gEnable,
} from './firewall-8g-recipes.js';

const RECIPES = { 'firewall-8g-enable': firewall8gEnable, 'firewall-8g-disable': firewall8gDisable };

/**
 * The 8G firewall on a real Debian 12 server with nginx: two static sites made by site-apply (the
 * vhost the panel really writes), the firewall turned on for one, what nginx answers checked from
 * the server itself, then turned off; a configuration nginx refuses is rolled back and nginx keeps
 * serving. Every recipe runs through the production builder over SSH, as the job runner runs it.
 */
const SERVER = 'f8g1';
let server: TestServer;
let session: RemoteSession;

const siteInput = (site: string) => ({
  site,
  aliases: [],
  wildcard: false,
  linux_user: 'hostdeck',
  isolated: false,
  directory: '/',
  php_version: null,
  proxy_port: null,
  web_server: 'nginx',
  enabled: true,
  releases: false,
  bindings: [],
  lockdown: false,
});

/** Requests 8G refuses; each answers 200 from a plain static site without it. */
const ATTACKS: { name: string; path: string; agent?: string }[] = [
  { name: 'script tag in the query', path: '/?q=<script>alert(1)</script>' },
  { name: 'encoded script tag', path: '/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E' },
  { name: 'SQL injection', path: '/?id=1+UNION+SELECT+1,2,3(' },
  { name: 'path traversal to /etc/passwd', path: '/?file=../../../../etc/passwd' },
  { name: 'a database dump', path: '/backup.sql' },
  { name: 'a known bad bot', path: '/', agent: 'sqlmap/1.7.2#stable (https://sqlmap.org)' },
];

async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args]);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** The status nginx answers for HOST and PATH (sent as written: -g, no URL globbing). */
async function status(host: string, path: string, agent = 'curl/7.88.1'): Promise<string> {
  return onServer(
    'curl -g -s -o /dev/null -w "%{http_code}" -A "$3" -H "Host: $1" "http://127.0.0.1$2"',
    host,
    path,
    agent,
  );
}

async function statuses(host: string): Promise<Record<string, string>> {
  const answers: Record<string, string> = { normal: await status(host, '/') };
  for (const attack of ATTACKS) answers[attack.name] = await status(host, attack.path, attack.agent);
  return answers;
}

const all = (value: string) =>
  Object.fromEntries([['normal', '200'], ...ATTACKS.map((attack) => [attack.name, value])]);

const run = (recipe: keyof typeof RECIPES, site: string): Promise<RecipeRun> =>
  runRecipeOnSession(session, RECIPES[recipe], { site });

async function succeed(recipe: keyof typeof RECIPES, site: string): Promise<string[]> {
  const result = await run(recipe, site);
  expect(result.exitCode, `${recipe} failed:\n${result.output}`).toBe(0);
  return result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });
}

const exists = (path: string) => onServer('if [[ -e $1 ]]; then echo yes; else echo no; fi', path);
const nginxTest = () => onServer('nginx -t 2>&1 && echo valid');

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
  for (const site of ['a.test', 'b.test']) {
    const result = await runRecipeOnSession(session, 'site-apply', siteInput(site));
    expect(result.exitCode, result.output).toBe(0);
    await onServer(
      'printf "hello from %s\\n" "$1" > "/home/hostdeck/$1/index.html"; echo "-- dump" > "/home/hostdeck/$1/backup.sql"',
      site,
    );
  }
});

afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

describe('the 8G firewall of a site on nginx', () => {
  it('answers every probe with 200 before it is on', async () => {
    expect(await statuses('a.test')).toEqual(all('200'));
    expect(await statuses('b.test')).toEqual(all('200'));
  });

  it('refuses attacks on the site it is on for, and only there; nginx -t passes', async () => {
    const changes = await succeed('firewall-8g-enable', 'a.test');
    expect(changes).toEqual([
      `wrote ${FIREWALL_8G_MAPS_PATH}`,
      `wrote ${firewall8gChecksPath('a.test')}`,
      'reloaded nginx',
    ]);
    expect(await statuses('a.test')).toEqual(all('403'));
    expect(await status('a.test', '/.git/config')).toBe('403');
    expect(await statuses('b.test')).toEqual(all('200'));
    expect(await nginxTest()).toMatch(/test is successful[\s\S]*valid$/);
    expect(
      await onServer('head -n 1 "$1"; head -n 1 "$2"', FIREWALL_8G_MAPS_PATH, firewall8gChecksPath('a.test')),
    ).toMatch(/^# Managed by HostDeck.*\n# Managed by HostDeck/);
    // A second time changes nothing.
    expect(await succeed('firewall-8g-enable', 'a.test')).toEqual([]);
  });

  it('keeps the rules while another site uses them, and answers 200 again once off', async () => {
    await succeed('firewall-8g-enable', 'b.test');
    expect(await statuses('b.test')).toEqual(all('403'));

    expect(await succeed('firewall-8g-disable', 'a.test')).toEqual([
      `removed ${firewall8gChecksPath('a.test')}`,
      'reloaded nginx',
    ]);
    expect(await statuses('a.test')).toEqual(all('200'));
    expect(await statuses('b.test')).toEqual(all('403'));
    expect(await exists(FIREWALL_8G_MAPS_PATH)).toBe('yes');

    expect(await succeed('firewall-8g-disable', 'b.test')).toEqual([
      `removed ${firewall8gChecksPath('b.test')}`,
      `removed ${FIREWALL_8G_MAPS_PATH}`,
      'reloaded nginx',
    ]);
    expect(await statuses('b.test')).toEqual(all('200'));
    expect(await exists(FIREWALL_8G_MAPS_PATH)).toBe('no');
    expect(await succeed('firewall-8g-disable', 'b.test')).toEqual([]);
    expect(await nginxTest()).toMatch(/valid$/);
  });

  it('rolls back checks nginx refuses, and nginx keeps serving', async () => {
    // A hand-made include of the site's folder in http context, where `if` is not allowed.
    await onServer(
      'printf "include /etc/nginx/hostdeck/a.test/*.conf;\\n" > /etc/nginx/conf.d/zz-f8g-test.conf && nginx -t -q',
    );
    const refused = await run('firewall-8g-enable', 'a.test');
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toMatch(/"if" directive is not allowed here/);
    expect(refused.output).toMatch(/nginx rejected the 8G firewall of a\.test/);
    expect(await exists(firewall8gChecksPath('a.test'))).toBe('no');
    expect(await exists(FIREWALL_8G_MAPS_PATH)).toBe('no');
    expect(await nginxTest()).toMatch(/valid$/);
    expect(await statuses('a.test')).toEqual(all('200'));
    await onServer('rm -f /etc/nginx/conf.d/zz-f8g-test.conf');
  });

  it('rolls back rules nginx refuses, and nginx keeps serving', async () => {
    // A hand-made server block that includes the rules' file name, where `map` is not allowed.
    await onServer(
      'printf "server {\\n    listen 8089;\\n    include /etc/nginx/conf.d/hostdeck-8g-*.conf;\\n}\\n" > /etc/nginx/sites-enabled/zz-f8g-test.conf && nginx -t -q',
    );
    const refused = await run('firewall-8g-enable', 'a.test');
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toMatch(/"map" directive is not allowed here/);
    expect(refused.output).toMatch(/nginx rejected the 8G rules/);
    expect(await exists(FIREWALL_8G_MAPS_PATH)).toBe('no');
    expect(await exists(firewall8gChecksPath('a.test'))).toBe('no');
    expect(await nginxTest()).toMatch(/valid$/);
    expect(await status('a.test', '/')).toBe('200');
    await onServer('rm -f /etc/nginx/sites-enabled/zz-f8g-test.conf && systemctl reload nginx');
  });

  it('leaves a file of the same name it did not write alone', async () => {
    const mine = firewall8gChecksPath('a.test');
    await onServer('printf "# my own\\n" > "$1"', mine);
    const refused = await run('firewall-8g-enable', 'a.test');
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toMatch(/was not written by HostDeck; it is left alone/);
    expect((await run('firewall-8g-disable', 'a.test')).exitCode).not.toBe(0);
    expect(await onServer('cat "$1"', mine)).toBe('# my own');
    await onServer('rm -f "$1"', mine);
  });
});
