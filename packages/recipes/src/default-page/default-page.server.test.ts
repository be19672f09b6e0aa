import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { defaultPageRead, defaultPageWrite, parseDefaultPage } from './index.js';

/**
 * The default page on a real Debian 12 server from the `web` image (nginx on :80 with Debian's
 * default site, root /var/www/html): set, read back, served for the bare IP from outside, a second
 * run changes nothing, and a page the default server does not answer with is rolled back.
 */
const SERVER = 'ols1';
let server: TestServer;
let session: RemoteSession;

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const write = (content: string) =>
  runRecipeOnSession(session, defaultPageWrite, { content_hex: hex(content) });
const changes = (output: string) =>
  output.split('\n').filter((line) => line.startsWith('::hostdeck::change::'));

async function shell(script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  if (result.code !== 0) throw new Error(`${script}\nfailed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

/** What the server answers from outside, by its IP (Host: the IP, as a browser sends it). */
async function fromOutside(): Promise<string> {
  const response = await fetch(`http://${server.address}/`, { signal: AbortSignal.timeout(10_000) });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
}, 20 * 60_000);

afterAll(async () => {
  await session?.close();
  if (server) await stopTestServer(SERVER);
});

describe('default page', () => {
  it('sets the page the bare IP answers with; a second run changes nothing', async () => {
    const page = `<!doctype html>\n<title>Parked</title>\n<h1>Nothing here yet — ${Date.now()}</h1>\n<p>$(id) \`id\` ; | &amp;</p>\n`;
    const first = await write(page);
    expect(first.exitCode, first.output).toBe(0);
    expect(changes(first.output).join('\n')).toMatch(/wrote \/var\/www\/html\/index\.html/);
    expect(await fromOutside()).toBe(page);
    // An unknown host gets it too.
    expect(await shell("curl -s -H 'Host: nobody-has-this.example' http://127.0.0.1/")).toBe(page);
    expect(await shell('stat -c %a:%U /var/www/html/index.html')).toBe('644:root\n');

    const read = await runRecipeOnSession(session, defaultPageRead, {});
    expect(read.exitCode, read.output).toBe(0);
    expect(parseDefaultPage(read.stdout)).toEqual({
      path: '/var/www/html/index.html',
      exists: true,
      webServer: 'nginx',
      content: page,
    });

    const again = await write(page);
    expect(again.exitCode, again.output).toBe(0);
    expect(changes(again.output)).toEqual([]);
    expect(await fromOutside()).toBe(page);
  }, 120_000);

  it('puts the old page back when the default server does not answer with the new one', async () => {
    const kept = await fromOutside();
    // A hand-made index.php comes first in the index list of this default site.
    await shell(
      "sed -i 's/^\\([[:space:]]*index\\) /\\1 index.htm /' /etc/nginx/sites-available/default && nginx -t -q && systemctl reload nginx && printf 'other\\n' >/var/www/html/index.htm",
    );
    const run = await write('<h1>never served</h1>\n');
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toMatch(/does not answer with \/var\/www\/html\/index\.html/);
    expect(await shell('cat /var/www/html/index.html')).toBe(kept);
    await shell('rm /var/www/html/index.htm');
    expect(await fromOutside()).toBe(kept);
  }, 120_000);

  it('refuses to touch anything while the web server configuration is broken', async () => {
    const kept = await shell('cat /var/www/html/index.html');
    await shell("printf 'this is not nginx;\\n' >/etc/nginx/conf.d/broken.conf");
    const run = await write('<h1>new</h1>\n');
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toMatch(/configuration is invalid; nothing was changed/);
    expect(await shell('cat /var/www/html/index.html')).toBe(kept);
    await shell('rm /etc/nginx/conf.d/broken.conf');
  }, 120_000);
});
