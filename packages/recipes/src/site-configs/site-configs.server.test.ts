import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { parseStepLogLine } from '../progress.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RecipeRun,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { parseSiteConfigList } from './site-config-list-output.js';
import { SITE_CONFIG_EXIT_CODES } from './site-config-paths.js';
import { parseSiteLogOutput } from './site-log-read.js';

/**
 * The site config and log recipes on a real Debian 12 server with nginx. The sites' vhosts are
 * written here by hand, shaped as site-apply writes them (an include of the per-site directory
 * inside the server block, per-site logs), so these recipes are tested on their own.
 */
const SERVER = 'site3';
let server: TestServer;
let session: RemoteSession;

const vhost = (site: string) => `server {
    listen 80;
    server_name ${site};
    root /var/www/${site};
    access_log /var/log/nginx/${site}.access.log;
    error_log /var/log/nginx/${site}.error.log;
    include /etc/nginx/hostdeck/${site}/*.conf;
}
`;

async function shell(script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  if (result.code !== 0) throw new Error(`${script}\nfailed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

/** What nginx answers for a host and path: `STATUS BODY`. */
async function fetchFrom(host: string, path = '/'): Promise<string> {
  const result = await runOnTestServer(server, [
    'curl',
    '-s',
    '-w',
    ' %{http_code}',
    '-H',
    `Host: ${host}`,
    `http://127.0.0.1${path}`,
  ]);
  const text = result.stdout.trim();
  const status = text.slice(text.lastIndexOf(' ') + 1);
  return `${status} ${text.slice(0, text.lastIndexOf(' ')).trim()}`.trim();
}

/**
 * What nginx answers once a reload has taken effect: `nginx -s reload` returns as soon as the
 * master has the signal, and old workers may still take a request or two.
 */
async function settledFetch(host: string, path: string, expected: (answer: string) => boolean) {
  let answer = '';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    answer = await fetchFrom(host, path);
    if (expected(answer)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return answer;
}

const run = (recipe: string, input: Record<string, unknown>): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, { site: 'a.test', web_server: 'nginx', ...input });

const write = (name: string, content: string, mode: 'create' | 'update') =>
  run('site-config-write', { name, mode, content: Buffer.from(content) });

const changes = (output: string) =>
  output.split('\n').filter((line) => parseStepLogLine(line)?.level === 'change');

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  await shell(
    [
      'set -e',
      'for site in a.test b.test; do',
      '  mkdir -p /var/www/$site /etc/nginx/hostdeck/$site',
      '  echo "hello from $site" > /var/www/$site/index.html',
      'done',
    ].join('\n'),
  );
  for (const site of ['a.test', 'b.test']) {
    await runOnTestServer(server, ['tee', `/etc/nginx/sites-available/${site}.conf`], { input: vhost(site) });
    await shell(`ln -sfn /etc/nginx/sites-available/${site}.conf /etc/nginx/sites-enabled/${site}.conf`);
  }
  await shell('nginx -t && systemctl reload nginx');
  session = await connectToTestServer(server);
});

afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

describe('site configs on nginx', () => {
  it('lists the main vhost, then the extra configs', async () => {
    expect(await fetchFrom('a.test')).toBe('200 hello from a.test');
    const listed = await run('site-config-list', {});
    expect(listed.exitCode, listed.output).toBe(0);
    const entries = parseSiteConfigList(listed.stdout);
    expect(entries).toEqual([
      {
        name: 'a.test',
        path: '/etc/nginx/sites-available/a.test.conf',
        size: vhost('a.test').length,
        modified: expect.any(Number),
        main: true,
      },
    ]);

    const read = await run('site-config-read', { name: 'a.test' });
    expect(read.exitCode, read.output).toBe(0);
    expect(read.stdout).toBe(vhost('a.test'));
  });

  it('creates an extra config, validates it, reloads nginx, and changes nothing the second time', async () => {
    const content = 'location = /hello {\n    return 200 "hello\\n";\n}\n';
    const created = await write('hello', content, 'create');
    expect(created.exitCode, created.output).toBe(0);
    expect(changes(created.output).join('\n')).toMatch(/wrote \/etc\/nginx\/hostdeck\/a\.test\/hello\.conf/);
    expect(changes(created.output).join('\n')).toMatch(/reloaded nginx/);
    expect(await settledFetch('a.test', '/hello', (answer) => answer === '200 hello')).toBe('200 hello');
    expect(await shell('stat -c "%a %U:%G" /etc/nginx/hostdeck/a.test/hello.conf')).toBe('644 root:root\n');

    const again = await write('hello', content, 'update');
    expect(again.exitCode, again.output).toBe(0);
    expect(changes(again.output)).toEqual([]);

    const twice = await write('hello', content, 'create');
    expect(twice.exitCode).toBe(SITE_CONFIG_EXIT_CODES.exists);
    const missing = await write('nothing-here', content, 'update');
    expect(missing.exitCode).toBe(SITE_CONFIG_EXIT_CODES.missing);

    const entries = parseSiteConfigList((await run('site-config-list', {})).stdout);
    expect(entries.map((entry) => [entry.name, entry.main])).toEqual([
      ['a.test', true],
      ['hello', false],
    ]);
  });

  it('refuses what nginx -t refuses: the previous file stays, nginx and the other sites keep serving', async () => {
    const before = await shell('cat /etc/nginx/hostdeck/a.test/hello.conf');
    const refused = await write('hello', 'this_is_not_a_directive on;\n', 'update');
    expect(refused.exitCode).toBe(SITE_CONFIG_EXIT_CODES.refused);
    expect(refused.output).toMatch(
      /\[emerg\] .*unknown directive "this_is_not_a_directive" in \/etc\/nginx\/hostdeck\/a\.test\/hello\.conf:1/,
    );
    expect(await shell('cat /etc/nginx/hostdeck/a.test/hello.conf')).toBe(before);
    expect(await fetchFrom('a.test', '/hello')).toBe('200 hello');
    expect(await fetchFrom('b.test')).toBe('200 hello from b.test');

    // A refused new file is removed, not left for the next reload to trip on.
    const refusedNew = await write('broken', 'server_tokens maybe;\n', 'create');
    expect(refusedNew.exitCode).toBe(SITE_CONFIG_EXIT_CODES.refused);
    expect(refusedNew.output).toMatch(/\[emerg\]/);
    expect(await shell('ls /etc/nginx/hostdeck/a.test')).toBe('hello.conf\n');

    // The main vhost too.
    const mainBefore = await shell('cat /etc/nginx/sites-available/a.test.conf');
    const mainRefused = await write('a.test', 'server {\n', 'update');
    expect(mainRefused.exitCode).toBe(SITE_CONFIG_EXIT_CODES.refused);
    expect(mainRefused.output).toMatch(/\[emerg\]/);
    expect(await shell('cat /etc/nginx/sites-available/a.test.conf')).toBe(mainBefore);
    expect(await shell('systemctl is-active nginx')).toBe('active\n');
    expect(await fetchFrom('b.test')).toBe('200 hello from b.test');
  });

  it('saves an edited main vhost', async () => {
    const edited = vhost('a.test').replace('    include', '    add_header X-Edited yes always;\n    include');
    const saved = await write('a.test', edited, 'update');
    expect(saved.exitCode, saved.output).toBe(0);
    let headers = '';
    for (let attempt = 0; attempt < 50 && !/X-Edited: yes/i.test(headers); attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      headers = (await runOnTestServer(server, ['curl', '-sI', '-H', 'Host: a.test', 'http://127.0.0.1/']))
        .stdout;
    }
    expect(headers).toMatch(/X-Edited: yes/i);
  });

  it('deletes an extra config but never the main vhost', async () => {
    const deleted = await run('site-config-delete', { name: 'hello' });
    expect(deleted.exitCode, deleted.output).toBe(0);
    expect(changes(deleted.output).join('\n')).toMatch(/removed .*hello\.conf/);
    expect(await settledFetch('a.test', '/hello', (answer) => answer.startsWith('404'))).toMatch(/^404/);

    const again = await run('site-config-delete', { name: 'hello' });
    expect(again.exitCode, again.output).toBe(0);
    expect(changes(again.output)).toEqual([]);

    const main = await run('site-config-delete', { name: 'a.test' });
    expect(main.exitCode).toBe(SITE_CONFIG_EXIT_CODES.mainVhost);
    expect(await shell('test -f /etc/nginx/sites-available/a.test.conf && echo kept')).toBe('kept\n');
  });

  it('puts a deleted config back when the rest of the configuration needs it', async () => {
    // `greet` uses a variable that only `greeting` defines: without it, nginx -t fails.
    expect((await write('greeting', 'set $hd_greeting "hi";\n', 'create')).exitCode).toBe(0);
    const greet = await write('greet', 'location = /greet { return 200 $hd_greeting; }\n', 'create');
    expect(greet.exitCode, greet.output).toBe(0);
    expect(await settledFetch('a.test', '/greet', (answer) => answer === '200 hi')).toBe('200 hi');

    const refused = await run('site-config-delete', { name: 'greeting' });
    expect(refused.exitCode).toBe(SITE_CONFIG_EXIT_CODES.refused);
    expect(refused.output).toMatch(/\[emerg\] .*unknown "hd_greeting" variable/);
    expect(await shell('ls /etc/nginx/hostdeck/a.test')).toBe('greet.conf\ngreeting.conf\n');
    expect(await fetchFrom('a.test', '/greet')).toBe('200 hi');

    expect((await run('site-config-delete', { name: 'greet' })).exitCode).toBe(0);
    expect((await run('site-config-delete', { name: 'greeting' })).exitCode).toBe(0);
    expect(await shell('ls -A /etc/nginx/hostdeck/a.test')).toBe('');
  });

  it('never follows a symbolic link', async () => {
    await shell('ln -s /etc/shadow /etc/nginx/hostdeck/a.test/evil.conf');
    const shadow = await shell('sha256sum /etc/shadow');
    const read = await run('site-config-read', { name: 'evil' });
    expect(read.exitCode).toBe(SITE_CONFIG_EXIT_CODES.symlink);
    expect(read.stdout).not.toMatch(/root:/);
    const written = await write('evil', 'root::0:0:::::\n', 'update');
    expect(written.exitCode).toBe(SITE_CONFIG_EXIT_CODES.symlink);
    expect((await run('site-config-delete', { name: 'evil' })).exitCode).toBe(SITE_CONFIG_EXIT_CODES.symlink);
    expect(await shell('sha256sum /etc/shadow')).toBe(shadow);
    await shell('rm /etc/nginx/hostdeck/a.test/evil.conf');

    // A linked include directory is not entered either.
    await shell(
      'mv /etc/nginx/hostdeck/b.test /etc/nginx/hostdeck/b.real && ln -s b.real /etc/nginx/hostdeck/b.test',
    );
    const linked = await runRecipeOnSession(session, 'site-config-write', {
      site: 'b.test',
      web_server: 'nginx',
      name: 'x',
      mode: 'create',
      content: Buffer.from('# x\n'),
    });
    expect(linked.exitCode).toBe(SITE_CONFIG_EXIT_CODES.symlink);
    expect(await shell('ls -A /etc/nginx/hostdeck/b.real')).toBe('');
    await shell('rm /etc/nginx/hostdeck/b.test && mv /etc/nginx/hostdeck/b.real /etc/nginx/hostdeck/b.test');
  });
});

describe('site logs', () => {
  const readLog = async (kind: 'access' | 'error', lines: number, site = 'a.test') => {
    const result = await runRecipeOnSession(session, 'site-log-read', {
      site,
      web_server: 'nginx',
      kind,
      lines,
    });
    expect(result.exitCode, result.output).toBe(0);
    return parseSiteLogOutput(result.stdout);
  };

  it('reads the end of the access log, by lines or whole', async () => {
    await fetchFrom('a.test', '/marker-one');
    await fetchFrom('a.test', '/marker-two');
    const log = await readLog('access', 100);
    expect(log.content).toMatch(/GET \/marker-one HTTP/);
    expect(log.content).toMatch(/GET \/marker-two HTTP/);
    expect(log.truncated).toBe(false);

    await shell('for i in $(seq 1 1500); do echo "error line $i"; done >> /var/log/nginx/a.test.error.log');
    const last100 = (await readLog('error', 100)).content.trimEnd().split('\n');
    expect(last100).toHaveLength(100);
    expect(last100[0]).toBe('error line 1401');
    expect(last100.at(-1)).toBe('error line 1500');
    expect((await readLog('error', 1000)).content.trimEnd().split('\n')).toHaveLength(1000);
    const all = await readLog('error', -1);
    expect(all.content).toMatch(/^[\s\S]*error line 1\n[\s\S]*error line 1500\n$/);
    expect(all.size).toBe(Number((await shell('stat -c %s /var/log/nginx/a.test.error.log')).trim()));
  });

  it('reads a missing log as empty and cuts a huge one at its end', async () => {
    expect(await readLog('access', 100, 'nothing.test')).toEqual({ size: 0, truncated: false, content: '' });

    await shell(`seq -f 'line %06g ${'0'.repeat(40)}' 1 120000 > /var/log/nginx/big.test.access.log`);
    const whole = await readLog('access', -1, 'big.test');
    expect(whole.truncated).toBe(true);
    expect(whole.size).toBeGreaterThan(5 * 1024 * 1024);
    expect(Buffer.byteLength(whole.content)).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(whole.content).toMatch(/^line \d{6} 0{40}\n/);
    expect(whole.content.endsWith('line 120000 ' + '0'.repeat(40) + '\n')).toBe(true);

    await shell('ln -s /etc/shadow /var/log/nginx/link.test.error.log');
    const linked = await runRecipeOnSession(session, 'site-log-read', {
      site: 'link.test',
      web_server: 'nginx',
      kind: 'error',
      lines: -1,
    });
    expect(linked.exitCode).toBe(SITE_CONFIG_EXIT_CODES.symlink);
    expect(linked.stdout).not.toMatch(/root:/);
  });
});
