import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createAccessPolicy } from '../policy/access-policy.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { servers } from '../database/schema.js';
import { agentProxyRoutes } from './agent-proxy.js';

/** Where the proxy under test answers: the panel's own routes, pointed at a stand-in agent. */
const PREFIX = '/via-fake-agent';
const ORIGIN = 'https://panel.proxy.test';
const FILE_SIZE = 32 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 97);

/**
 * A stand-in agent on 127.0.0.1 (the real one: agent.server.test.ts): POST /link gives a link
 * token for the X-HostDeck token; GET /files/download with that link token streams a file whose
 * last chunk is only written once the browser side has read the first (proving the proxy streams);
 * the progress websocket checks the Origin and the query token as the agent does.
 */
function startFakeAgent(allowedOrigin: () => string) {
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  let firstChunkRead: () => void = () => {};
  const firstChunkWasRead = new Promise<void>((resolve) => (firstChunkRead = resolve));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://agent');
    seen.push({ path: `${url.pathname}${url.search}`, headers: request.headers });
    if (url.pathname === '/link' && request.method === 'POST') {
      if (request.headers['x-hostdeck'] !== 'file-token') return void response.writeHead(401).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ token: 'link-token' }));
    }
    if (url.pathname === '/files/download' && url.searchParams.get('token') === 'link-token') {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': FILE_SIZE,
        'content-disposition': 'attachment; filename="big.bin"',
      });
      response.write(CHUNK);
      void firstChunkWasRead.then(async () => {
        for (let sent = CHUNK.length; sent < FILE_SIZE; sent += CHUNK.length) {
          if (!response.write(CHUNK)) await new Promise((resolve) => response.once('drain', resolve));
        }
        response.end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://agent');
    seen.push({ path: `${url.pathname}${url.search}`, headers: request.headers });
    const status =
      request.headers.origin !== allowedOrigin()
        ? 403
        : url.searchParams.get('token') !== 'file-token'
          ? 401
          : url.pathname !== '/files/remote-download/ws'
            ? 404
            : 0;
    if (status) return void socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Length: 0\r\n\r\n`);
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.send(JSON.stringify({ file: 'a.zip', message: '', total: 10, downloaded: 4 }));
      ws.on('message', (data) => {
        const { file } = JSON.parse(String(data)) as { file: string };
        ws.send(JSON.stringify({ file, message: 'download canceled', total: 10, downloaded: 4 }));
      });
    });
  });
  return { server, seen, firstChunkRead, sockets };
}

/**
 * Sends one request line as written (no client library to encode it) and resolves with the status
 * of the answer, or 'no answer' when none came within two seconds.
 */
function rawRequest(address: string, target: string, cookie: string) {
  const [host, port] = address.split(':');
  return new Promise<number | 'no answer'>((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    let received = '';
    const timer = setTimeout(() => (socket.destroy(), resolve('no answer')), 2000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) {
        clearTimeout(timer);
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', () => {});
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: ${address}\r\nCookie: ${cookie}\r\nX-HostDeck: file-token\r\n\r\n`,
    );
  });
}

/** Opens a websocket; resolves with the HTTP status when the upgrade is refused. */
function connect(url: string, headers: Record<string, string>) {
  return new Promise<{ socket: WebSocket; messages: string[] } | { refused: number }>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(String(data)));
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      resolve({ refused: response.statusCode ?? 0 });
    });
    socket.once('error', reject);
  });
}

describe("the panel's agent proxy (private endpoint)", () => {
  let test: TestApp;
  let panel: string;
  const origin = ORIGIN;
  let fake: ReturnType<typeof startFakeAgent>;

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    fake = startFakeAgent(() => ORIGIN);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const agentPort = (fake.server.address() as AddressInfo).port;
    test = await createTestApp(pglite!, {
      env: { ALLOWED_ORIGINS: ORIGIN },
      extend: (app) => {
        void app.register(
          async (scoped) => {
            await scoped.register(agentProxyRoutes, {
              // The database exists once the app is built: the policy is made on the first call.
              policy: {
                authorizeServer: (...args) => createAccessPolicy(test.database.db).authorizeServer(...args),
              },
              allowedOrigins: [ORIGIN],
              agentAddress: async () => '127.0.0.1',
              agentPort,
            });
          },
          { prefix: PREFIX },
        );
      },
    });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    panel = `127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await test.close();
    fake.sockets.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  async function scene() {
    const owner = await createSignedInUser(test.database.db, 'Olga');
    const stranger = await createSignedInUser(test.database.db, 'Mallory');
    const [server] = await test.database.db
      .insert(servers)
      .values({ userId: owner.user.id, name: 'web-1', ip: '127.0.0.1', port: 22 })
      .returning();
    return { owner, stranger, base: `${PREFIX}/api/servers/${server!.id}/agent` };
  }

  it('gives a single-use link, then streams the download by that link without holding it', async () => {
    const { owner, stranger, base } = await scene();
    const link = await fetch(`http://${panel}${base}/link`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'X-HostDeck': 'file-token', 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/root/big.bin' }),
    });
    expect(link.status, await link.clone().text()).toBe(200);
    expect(await link.json()).toEqual({ token: 'link-token' });
    // The agent never sees the panel's cookie.
    expect(fake.seen.at(-1)).toMatchObject({ path: '/link' });
    expect(fake.seen.at(-1)!.headers.cookie).toBeUndefined();

    const query = 'path=%2Froot%2Fbig.bin&root=%2F&token=link-token';
    const download = await fetch(`http://${panel}${base}/files/download?${query}`, {
      headers: { cookie: owner.cookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="big.bin"');
    expect(fake.seen.at(-1)!.path).toBe(`/files/download?${query}`);
    const reader = download.body!.getReader();
    let received = 0;
    // The first megabyte arrives while the agent still holds back the rest: nothing is buffered.
    while (received < CHUNK.length) received += (await reader.read()).value?.length ?? 0;
    fake.firstChunkRead();
    for (let part = await reader.read(); !part.done; part = await reader.read())
      received += part.value.length;
    expect(received).toBe(FILE_SIZE);

    const refused = await fetch(`http://${panel}${base}/files/download?${query}`, {
      headers: { cookie: stranger.cookie },
    });
    expect(refused.status).toBe(404);
    const anonymous = await fetch(`http://${panel}${base}/link`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('answers at once, forwarding nothing, for a call it does not know or cannot pass on', async () => {
    const { owner, base } = await scene();
    const before = fake.seen.length;
    const cases: [target: string, status: number][] = [
      // Decoded by the router, a space or CR/LF made http.request throw after the hijack: no answer.
      [`${base}/files/list%20x`, 400],
      [`${base}/files/list%0d%0aX-Injected:%201`, 400],
      [`${base}/files/list%0a`, 400],
      // Decoded to ../../version, which the agent resolved to its own /version.
      [`${base}/files/..%2f..%2fversion`, 404],
      [`${base}/files/..%2F..%2Fversion?token=file-token`, 404],
      [`${base}/files/%2e%2e/%2e%2e/version`, 404],
      [`${base}/files/version`, 404],
      [`${base}/files/list/`, 404],
      [`${base}/files/`, 404],
      [`${base}/files/constructor`, 404],
    ];
    for (const [target, status] of cases) {
      expect(await rawRequest(panel, target, owner.cookie), target).toBe(status);
    }
    expect(fake.seen.slice(before)).toEqual([]);
    // A known call still goes through, by the path the panel built.
    expect(await rawRequest(panel, `${base}/files/list?path=%2F`, owner.cookie)).toBe(404);
    expect(fake.seen.slice(before).map((call) => call.path)).toEqual(['/files/list?path=%2F']);
  });

  it('relays the remote-download progress socket both ways for an allowed origin', async () => {
    const { owner, base } = await scene();
    const opened = await connect(`ws://${panel}${base}/files/remote-download/ws?token=file-token&root=%2F`, {
      cookie: owner.cookie,
      origin,
    });
    if ('refused' in opened) throw new Error(`refused ${opened.refused}`);
    const { socket, messages } = opened;
    socket.send(JSON.stringify({ action: 'cancel', file: 'a.zip' }));
    const started = Date.now();
    while (messages.length < 2 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(messages.map((text) => JSON.parse(text) as { message: string })).toEqual([
      expect.objectContaining({ file: 'a.zip', downloaded: 4, message: '' }),
      expect.objectContaining({ file: 'a.zip', message: 'download canceled' }),
    ]);
    // Cookies stay with the panel; the browser's origin is what the agent checks.
    expect(fake.seen.at(-1)!.headers.cookie).toBeUndefined();
    expect(fake.seen.at(-1)!.headers.origin).toBe(origin);
    socket.close();
  });

  it('refuses a foreign origin, a stranger, a visitor, and passes on the agent refusing the token', async () => {
    const { owner, stranger, base } = await scene();
    const url = `ws://${panel}${base}/files/remote-download/ws?token=file-token&root=%2F`;
    const before = fake.seen.length;
    for (const foreign of ['http://evil.example', `${origin}.evil.example`, 'null']) {
      expect(await connect(url, { cookie: owner.cookie, origin: foreign })).toEqual({ refused: 403 });
    }
    expect(await connect(url, { cookie: owner.cookie })).toEqual({ refused: 403 });
    expect(await connect(url, { cookie: stranger.cookie, origin })).toEqual({ refused: 404 });
    expect(await connect(url, { origin })).toEqual({ refused: 401 });
    // None of these reached the agent.
    expect(fake.seen.length).toBe(before);
    expect(await connect(url.replace('file-token', 'forged'), { cookie: owner.cookie, origin })).toEqual({
      refused: 401,
    });
  });
});
