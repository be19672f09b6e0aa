/**
 * The panel's HTTP serving, on loopback:
 * - overhead: requests per second for GET /api/health and for the SPA's index.html, against a bare
 *   node:http server sending the same bytes;
 * - a cold signed-in load of /servers in Chromium (the built SPA: HTML, every JS and CSS file the
 *   page loads, the JSON calls it makes): bytes transferred, requests and time, from the panel and
 *   from nginx serving the same files with `gzip_static` (Debian's nginx has no brotli module) and
 *   passing /api to the same panel, in the same run. The panel's Accept-Encoding cases: what
 *   Chromium sends on localhost and https (brotli), what it sends over plain http to an address
 *   (`gzip, deflate`: a panel opened as http://IP:8080), and identity (nothing compressed, as the
 *   panel served everything before issue 26).
 * Bounded: a fixed number of requests and page loads per measurement. Needs a built SPA
 * (`npm run bench` builds it), Debian's nginx and Chromium.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { loadConfig } from '@hostdeck/api/config/config.js';
import { openDatabase } from '@hostdeck/api/database/database.js';
import { servers } from '@hostdeck/api/database/schema.js';
import { createPanel } from '@hostdeck/api/panel.js';
import { freePort, median, report, sleep } from './agent-bench-support.js';

const REQUESTS = 4000;
const CONCURRENCY = 16;
/** Cold loads per way, the ways interleaved so a slow moment of the machine lands on all alike. */
const ROUNDS = 5;
const webDist = path.resolve(process.cwd(), 'apps/web/dist');
const work = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-bench-http-'));
const cleanups: (() => Promise<unknown> | void)[] = [() => rmSync(work, { recursive: true, force: true })];

async function measure(url: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let remaining = REQUESTS;
  const worker = async () => {
    while (remaining > 0) {
      remaining -= 1;
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve());
          })
          .on('error', reject);
      });
    }
  };
  const startedAt = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  agent.destroy();
  return REQUESTS / seconds;
}

async function startPanel(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(work, 'panel-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...env },
    { repositoryRoot: process.cwd() },
  );
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const panel = await createPanel({ config, database, logger: false });
  return {
    panel,
    database,
    async close() {
      await panel.close();
      await database.close();
    },
  };
}

/** Requests per second of the panel and of a bare node:http server sending the same bytes. */
async function overhead() {
  const distDir = path.join(work, 'dist');
  mkdirSync(distDir);
  const indexHtml = `<!doctype html><html><head><title>HostDeck</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
  writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  const started = await startPanel({ WEB_DIST_DIR: distDir });
  const app = started.panel.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const panelPort = (app.server.address() as AddressInfo).port;

  const healthBody = JSON.stringify({ status: 'ok', database: 'pglite', uptime_seconds: 1 });
  const bare = http.createServer((request, response) => {
    if (request.url === '/api/health') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(healthBody);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(indexHtml);
    }
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as AddressInfo).port;

  // Warm both up before measuring.
  await measure(`http://127.0.0.1:${panelPort}/`);
  await measure(`http://127.0.0.1:${barePort}/`);

  for (const [label, pathname] of [
    ['GET /api/health (database round trip)', '/api/health'],
    ['GET / (index.html)', '/'],
  ] as const) {
    const baseline = await measure(`http://127.0.0.1:${barePort}${pathname}`);
    const panel = await measure(`http://127.0.0.1:${panelPort}${pathname}`);
    console.log(
      `${label}: panel ${panel.toFixed(0)} req/s, bare node:http ${baseline.toFixed(0)} req/s, ` +
        `ratio ${(baseline / panel).toFixed(2)}x`,
    );
  }
  await started.close();
  bare.close();
}

/** nginx serving the built SPA as its docs advise (gzip_static), /api and its websockets proxied. */
async function startNginx(port: number, panelPort: number) {
  const prefix = path.join(work, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'user root;',
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs/error.log')};`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      '  gzip_static on;',
      '  gzip_vary on;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
      "  map $http_upgrade $connection_upgrade { default upgrade; '' close; }",
      `  server {`,
      `    listen 127.0.0.1:${port};`,
      `    root ${webDist};`,
      '    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }',
      '    location / { add_header Cache-Control no-cache; try_files $uri /index.html; }',
      '    location /api/ {',
      `      proxy_pass http://127.0.0.1:${panelPort};`,
      '      proxy_http_version 1.1;',
      '      proxy_set_header Host $host;',
      '      proxy_set_header Upgrade $http_upgrade;',
      '      proxy_set_header Connection $connection_upgrade;',
      '    }',
      '  }',
      '}',
    ].join('\n'),
  );
  const child = spawn(
    'nginx',
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'logs/error.log')],
    { stdio: 'inherit' },
  );
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/index.html`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 50) throw new Error('nginx did not start');
    await sleep(100);
  }
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}

/** Cookies kept across the sign-up calls, as a browser would. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    cookies,
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
}

/** Registers, verifies by the outbox's link (no SMTP here) and signs in; returns the session cookies. */
async function signUp(base: string) {
  const jar = cookieJar();
  const call = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        cookie: jar.header(),
        'x-xsrf-token': decodeURIComponent(jar.cookies.get('XSRF-TOKEN') ?? ''),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.keep(response);
    if (response.status >= 300)
      throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  };
  await call('GET', '/api/info');
  const email = `bench-${Date.now()}@example.test`;
  const password = 'correct horse battery staple';
  const user = (await call('POST', '/api/register', {
    name: 'Bench User',
    email,
    password,
    password_confirmation: password,
  })) as { id: number };
  const outbox = (await call('GET', '/api/dev/outbox')) as { data: { text: string }[] };
  const token = /\/email\/verify\/confirm#token=([^\s"<>]+)/.exec(outbox.data[0]?.text ?? '')?.[1];
  if (!token) throw new Error('no verification link in the outbox');
  await call('POST', '/api/email/verify', { token: decodeURIComponent(token) });
  await call('POST', '/api/logout');
  await call('POST', '/api/login', { email, password });
  return { userId: user.id, cookies: jar.cookies };
}

interface LoadResult {
  requests: number;
  transferred: number;
  resources: number;
  /** Response header bytes, part of `transferred`. */
  headers: number;
  milliseconds: number;
  byType: Map<string, { requests: number; transferred: number }>;
  encodings: Map<string, number>;
}

/**
 * One cold load of `url` in a fresh browser context (empty cache) carrying the session: every HTTP
 * response counted from Chromium's network events until the page has shown the list and the
 * network has been quiet for 500 ms. The realtime websocket is not an HTTP response: not counted.
 */
async function coldLoad(
  browser: Browser,
  url: string,
  cookies: Map<string, string>,
  acceptEncoding: string | undefined,
): Promise<LoadResult> {
  const context = await browser.newContext(
    acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {},
  );
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url })));
  const page = await context.newPage();
  const network = await context.newCDPSession(page);
  const requests = new Map<string, { type: string; startedAt: number; encoding?: string }>();
  const finished = new Map<string, { transferred: number; at: number }>();
  let resources = 0;
  let headerBytes = 0;
  let lastActivity = Date.now();
  network.on('Network.requestWillBeSent', (event) => {
    if (!event.request.url.startsWith('http')) return;
    requests.set(event.requestId, { type: event.type ?? 'Other', startedAt: event.timestamp });
    lastActivity = Date.now();
  });
  network.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    if (request) request.encoding = headers['content-encoding'] ?? 'none';
  });
  network.on('Network.responseReceivedExtraInfo', (event) => {
    // The status line and headers as they came over the wire.
    if (requests.has(event.requestId)) headerBytes += event.headersText?.length ?? 0;
  });
  network.on('Network.dataReceived', (event) => {
    if (requests.has(event.requestId)) resources += event.dataLength;
  });
  network.on('Network.loadingFinished', (event) => {
    if (!requests.has(event.requestId)) return;
    finished.set(event.requestId, { transferred: event.encodedDataLength, at: event.timestamp });
    lastActivity = Date.now();
  });
  network.on('Network.loadingFailed', (event) => {
    requests.delete(event.requestId);
    lastActivity = Date.now();
  });
  await network.send('Network.enable');
  await page.goto(url);
  await page.getByText('web-3', { exact: true }).first().waitFor({ timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  while (finished.size < requests.size || Date.now() - lastActivity < 500) {
    if (Date.now() > deadline) throw new Error(`${url}: the network never went quiet`);
    await sleep(50);
  }
  await context.close();

  const byType = new Map<string, { requests: number; transferred: number }>();
  const encodings = new Map<string, number>();
  let transferred = 0;
  const startedAt = Math.min(...[...requests.values()].map((request) => request.startedAt));
  let endedAt = startedAt;
  for (const [id, request] of requests) {
    const done = finished.get(id)!;
    transferred += done.transferred;
    endedAt = Math.max(endedAt, done.at);
    const type = byType.get(request.type) ?? { requests: 0, transferred: 0 };
    byType.set(request.type, {
      requests: type.requests + 1,
      transferred: type.transferred + done.transferred,
    });
    const encoding = request.encoding ?? 'none';
    encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
  }
  return {
    requests: requests.size,
    transferred,
    resources,
    headers: headerBytes,
    milliseconds: (endedAt - startedAt) * 1000,
    byType,
    encodings,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function describeLoad(label: string, loads: LoadResult[]) {
  const [first] = loads;
  const types = [...first!.byType]
    .sort(([, a], [, b]) => b.transferred - a.transferred)
    .map(([type, figures]) => `${type} ${figures.requests} / ${kb(figures.transferred)}`)
    .join(', ');
  const encodings = [...first!.encodings].map(([encoding, count]) => `${encoding} ${count}`).join(', ');
  console.log(
    `  ${label}: ${first!.requests} requests, ${kb(median(loads.map((load) => load.transferred)))} transferred ` +
      `(${kb(first!.headers)} of it headers; ${kb(first!.resources)} decoded), ${median(loads.map((load) => load.milliseconds)).toFixed(0)} ms ` +
      `[median of ${loads.length}; times ${loads.map((load) => load.milliseconds.toFixed(0)).join(', ')}]`,
  );
  console.log(`    by type: ${types}; content-encoding: ${encodings}`);
}

/** A cold signed-in load of /servers, from the panel and from nginx, in the same run. */
async function coldLoads() {
  const panelPort = await freePort();
  const nginxPort = await freePort();
  const panelUrl = `http://127.0.0.1:${panelPort}`;
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  const started = await startPanel({
    WEB_DIST_DIR: webDist,
    PORT: String(panelPort),
    APP_URL: panelUrl,
    // The page's realtime websocket comes through nginx with nginx's origin.
    ALLOWED_ORIGINS: nginxUrl,
  });
  cleanups.push(() => started.close());
  await started.panel.app.listen({ host: '127.0.0.1', port: panelPort });
  cleanups.push(await startNginx(nginxPort, panelPort));

  const { userId, cookies } = await signUp(panelUrl);
  // A list to show, as a user with servers sees it (addresses from TEST-NET-2: nothing answers there).
  await started.database.db
    .insert(servers)
    .values([1, 2, 3].map((n) => ({ userId, name: `web-${n}`, ip: `198.51.100.${n}`, port: 22 })));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // As e2e/playwright.config.ts launches it.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  cleanups.push(() => browser.close());
  const ways = [
    { label: 'panel, brotli (Chromium on localhost or https)', base: panelUrl, acceptEncoding: undefined },
    {
      label: 'panel, gzip (Chromium over plain http to an address)',
      base: panelUrl,
      acceptEncoding: 'gzip, deflate',
    },
    {
      label: 'panel, identity (nothing compressed: before issue 26)',
      base: panelUrl,
      acceptEncoding: 'identity',
    },
    {
      label: 'nginx gzip_static, Chromium on localhost (gets gzip)',
      base: nginxUrl,
      acceptEncoding: undefined,
    },
  ] as const;
  // One load each first, not counted: the files in the page cache, both servers' code paths warm.
  for (const way of ways) await coldLoad(browser, `${way.base}/servers`, cookies, way.acceptEncoding);
  const results = ways.map(() => [] as LoadResult[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, way] of ways.entries()) {
      results[index]!.push(await coldLoad(browser, `${way.base}/servers`, cookies, way.acceptEncoding));
    }
  }
  console.log('cold signed-in load of /servers (Chromium, loopback, fresh context each load):');
  ways.forEach((way, index) => describeLoad(way.label, results[index]!));
  const figure = (index: number) => ({
    bytes: median(results[index]!.map((load) => load.transferred)),
    ms: median(results[index]!.map((load) => load.milliseconds)),
  });
  const [brotli, gzip, identity, nginx] = [0, 1, 2, 3].map(figure);
  report(
    'bytes: panel (brotli) vs nginx gzip_static',
    kb(brotli!.bytes),
    kb(nginx!.bytes),
    brotli!.bytes / nginx!.bytes,
    '—',
  );
  report(
    'time: panel (brotli) vs nginx gzip_static',
    `${brotli!.ms.toFixed(0)} ms`,
    `${nginx!.ms.toFixed(0)} ms`,
    brotli!.ms / nginx!.ms,
    '—',
  );
  report(
    'bytes: panel (gzip) vs nginx gzip_static',
    kb(gzip!.bytes),
    kb(nginx!.bytes),
    gzip!.bytes / nginx!.bytes,
    '—',
  );
  report(
    'time: panel (gzip) vs nginx gzip_static',
    `${gzip!.ms.toFixed(0)} ms`,
    `${nginx!.ms.toFixed(0)} ms`,
    gzip!.ms / nginx!.ms,
    '—',
  );
  report(
    'bytes: panel (brotli) vs nothing compressed',
    kb(brotli!.bytes),
    kb(identity!.bytes),
    brotli!.bytes / identity!.bytes,
    '—',
  );
}

try {
  await overhead();
  await coldLoads();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
