import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import { agentProxyRoutes } from '../agent/agent-proxy.js';
import { servers } from '../database/schema.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

const [pglite] = await availableTestDatabases();

/** A list as big as a page of servers: well above the threshold. */
const BIG = { data: Array.from({ length: 60 }, (_, id) => ({ id, name: `web-${id}`, ip: `10.0.0.${id}` })) };
const SMALL = { data: [{ id: 1, name: 'web-1' }] };
/** A JSON file the stand-in agent sends for download: compressible, and streamed as it is. */
const AGENT_FILE = Buffer.from(JSON.stringify({ rows: Array.from({ length: 4000 }, (_, n) => n) }));
/** Under /api, so the compressor attaches its hooks to the proxy's routes as to any API route. */
const PREFIX = '/api/stand-in';

function addProbeRoutes(app: FastifyInstance) {
  app.get('/api/probe/big', { config: { public: true } }, async () => BIG);
  app.get('/api/probe/small', { config: { public: true } }, async () => SMALL);
  app.post('/api/probe/echo', { config: { public: true } }, async (request) => ({ got: request.body }));
}

/** A stand-in agent serving AGENT_FILE, honouring Range as the real one does. */
function startFakeAgent() {
  return http.createServer((request, response) => {
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    const headers = { 'content-type': 'application/json', 'accept-ranges': 'bytes' };
    if (range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      response.writeHead(206, {
        ...headers,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${AGENT_FILE.length}`,
      });
      return void response.end(AGENT_FILE.subarray(start, end + 1));
    }
    response.writeHead(200, { ...headers, 'content-length': AGENT_FILE.length });
    response.end(AGENT_FILE);
  });
}

/** A raw GET (fetch would decode the body and set its own Accept-Encoding). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('compressed API answers', () => {
  let test: TestApp;
  let agent: http.Server;
  let panel: string;
  beforeAll(async () => {
    agent = startFakeAgent();
    await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
    const agentPort = (agent.address() as AddressInfo).port;
    test = await createTestApp(pglite!, {
      extend: (app) => {
        addProbeRoutes(app);
        void app.register(
          async (scoped) => {
            await scoped.register(agentProxyRoutes, {
              policy: {
                authorizeServer: (...args) => createAccessPolicy(test.database.db).authorizeServer(...args),
              },
              allowedOrigins: [],
              agentAddress: async () => '127.0.0.1',
              agentPort,
            });
          },
          { prefix: PREFIX },
        );
      },
    });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    panel = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await test.close();
    await new Promise((resolve) => agent.close(resolve));
  });

  it('compresses JSON above the threshold with brotli, else gzip, as Accept-Encoding asks', async () => {
    const json = JSON.stringify(BIG);
    expect(json.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    const cases: [acceptEncoding: string | undefined, encoding: 'br' | 'gzip' | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
      [undefined, undefined],
    ];
    for (const [acceptEncoding, encoding] of cases) {
      const label = `Accept-Encoding: ${acceptEncoding}`;
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/probe/big',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['content-encoding'], label).toBe(encoding);
      expect(response.headers['content-type'], label).toContain('application/json');
      expect(Number(response.headers['content-length']), label).toBe(response.rawPayload.length);
      const body = encoding ? decode[encoding](response.rawPayload).toString() : response.body;
      expect(JSON.parse(body), label).toEqual(BIG);
      if (encoding) {
        expect(response.headers.vary, label).toContain('accept-encoding');
        expect(response.rawPayload.length, label).toBeLessThan(json.length / 3);
      }
      // Helmet's headers survive the compression.
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      expect(response.headers['content-security-policy'], label).toContain("default-src 'self'");
    }
  });

  it('sends small answers, and a real API answer under the threshold, as they are', async () => {
    const small = await test.app.inject({
      method: 'GET',
      url: '/api/probe/small',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(SMALL);
    const health = await test.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a real API answer: a page of servers', async () => {
    const owner = await createSignedInUser(test.database.db, 'Many Servers');
    await test.database.db.insert(servers).values(
      Array.from({ length: 8 }, (_, n) => ({
        userId: owner.user.id,
        name: `web-${n}`,
        ip: `10.0.0.${n}`,
        port: 22,
      })),
    );
    const get = (headers: Record<string, string>) =>
      test.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: owner.cookie, ...headers } });
    const plain = await get({});
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const compressed = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('does not inflate a compressed request body', async () => {
    const csrf = await test.app.inject({ method: 'GET', url: '/api/health' });
    const token = csrf.cookies.find((cookie) => cookie.name === CSRF_COOKIE)!.value;
    const post = (headers: Record<string, string>, payload: Buffer) =>
      test.app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        headers: {
          'content-type': 'application/json',
          cookie: `${CSRF_COOKIE}=${token}`,
          [CSRF_HEADER]: token,
          ...headers,
        },
        payload,
      });
    const body = Buffer.from(JSON.stringify({ name: 'web-1' }));
    expect((await post({}, body)).json()).toEqual({ got: { name: 'web-1' } });
    // Read as it arrived: gzip bytes are no JSON.
    const compressed = await post({ 'content-encoding': 'gzip' }, gzipSync(body));
    expect(compressed.statusCode).toBe(422);
    expect(compressed.json().message).toBe('The request body is not valid JSON.');
  });

  it('leaves the streamed agent proxy byte for byte: no encoding, its length and its Range', async () => {
    const owner = await createSignedInUser(test.database.db, 'Olga');
    const [server] = await test.database.db
      .insert(servers)
      .values({ userId: owner.user.id, name: 'web-1', ip: '127.0.0.1', port: 22 })
      .returning();
    const url = `${panel}${PREFIX}/api/servers/${server!.id}/agent/files/download?path=%2Froot%2Frows.json&token=t`;
    const headers = { cookie: owner.cookie, 'x-hostdeck': 'file-token', 'accept-encoding': 'br, gzip' };
    const whole = await rawGet(url, headers);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(AGENT_FILE.length));
    expect(whole.body.equals(AGENT_FILE)).toBe(true);
    const part = await rawGet(url, { ...headers, range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-199/${AGENT_FILE.length}`);
    expect(part.body.equals(AGENT_FILE.subarray(100, 200))).toBe(true);
  });
});
