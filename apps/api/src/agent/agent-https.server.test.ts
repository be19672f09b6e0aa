import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_PORT,
  agentTokenResponseSchema,
  certificateEventResponseSchema,
  type AgentTokenResponse,
} from '@hostdeck/contracts';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { makeCertificate, waitForEvent } from '../certificates/testing/certificates.js';
import { sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import type { RemoteSession } from '../remote/remote-executor.js';
import { buildSiteApplyInput } from '../sites/site-state.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { buildAgentBundle, installTestAgent } from '../testing/test-agent.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

/**
 * The agent's public https endpoint (spec/000 §9, spec/001 §7) on a booted Debian 12 server: the
 * agent installed as the panel installs it, an agent site (proxy_port 2022) whose nginx vhost
 * terminates TLS with an imported certificate, and the browser's calls made from this host to
 * https://{site} with a token the panel issued: listing, CORS, a 50 MB upload and download
 * streamed through nginx.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'h3tls';
const SITE = 'agent.h3.test';
const UPLOAD_BYTES = 50 * 2 ** 20;

describe('the agent behind its https site', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let session: RemoteSession;
  let serverId: number;
  let ownerId: number;
  let origin: string;
  const certificate = makeCertificate([SITE]);

  const onServer = async (script: string) => {
    const result = await runOnTestServer(testServer, ['bash', '-c', script]);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  const serverToken = async (): Promise<AgentTokenResponse> => {
    const response = await api.post('/api/servers/agent/token', { server: serverId });
    expect(response.statusCode, response.body).toBe(200);
    return agentTokenResponseSchema.parse(response.json());
  };

  /**
   * One call to https://agent.h3.test from this host: the name resolves to the test server (TLS
   * checked against the name and the imported certificate, as a browser trusting it would).
   */
  const callSite = (
    method: string,
    pathname: string,
    headers: Record<string, string>,
    body?: Buffer | AsyncIterable<Buffer>,
  ) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const request = https.request(
        {
          host: testServer.address,
          port: 443,
          servername: SITE,
          ca: certificate.certificate,
          method,
          path: pathname,
          headers: { host: SITE, ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      if (body === undefined || Buffer.isBuffer(body)) {
        request.end(body);
        return;
      }
      void (async () => {
        for await (const chunk of body) {
          if (!request.write(chunk)) await new Promise((drained) => request.once('drain', drained));
        }
        request.end();
      })().catch(reject);
    });

  beforeAll(async () => {
    console.log(`agent bundle: ${buildAgentBundle()}`);
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, api, serverId } = connected);
    ownerId = connected.user.id;
    origin = test.config.allowedOrigins[0]!;
    session = await connectToTestServer(testServer);

    // The agent as the install_agent event installs it: this panel's public key and origins.
    await installTestAgent(test, session, serverId);
  });

  afterAll(async () => {
    await session?.close();
    await test?.close();
    await stopTestServer(SERVER);
  });

  it('names http by IP until the agent site has a certificate, then https://{site}', async () => {
    expect((await serverToken()).endpoint.public).toBe(`http://${testServer.address}:${AGENT_PORT}`);

    const [site] = await test.database.db
      .insert(sites)
      .values({
        serverId,
        userId: ownerId,
        name: SITE,
        linuxUser: 'hostdeck',
        phpVersion: null,
        proxyPort: AGENT_PORT,
        status: 'active',
      })
      .returning();
    const applied = await runRecipeOnSession(
      session,
      'site-apply',
      await buildSiteApplyInput(test.database.db, site!),
    );
    expect(applied.exitCode, applied.output).toBe(0);
    expect((await serverToken()).endpoint.public).toBe(`http://${testServer.address}:${AGENT_PORT}`);

    const imported = await api.post(`/api/sites/${site!.id}/certificates/import`, {
      certificate: certificate.certificate,
      private_key: certificate.privateKey,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const started = certificateEventResponseSchema.parse(imported.json());
    const event = await waitForEvent(test.database.db, started.data.id);
    expect(event.status, event.output).toBe('FINISHED');

    expect((await serverToken()).endpoint.public).toBe(`https://${SITE}`);
    const vhost = await onServer(`cat /etc/nginx/sites-available/${SITE}.conf`);
    for (const line of ['client_max_body_size 0;', 'proxy_request_buffering off;', 'proxy_buffering off;']) {
      expect(vhost.split('\n').filter((text) => text.trim() === line)).toHaveLength(2); // :80 and :443
    }
    // Idempotent: applying the same site again changes nothing.
    const again = await runRecipeOnSession(
      session,
      'site-apply',
      await buildSiteApplyInput(test.database.db, site!),
    );
    expect(again.exitCode, again.output).toBe(0);
    expect(again.stdout).not.toContain('::hostdeck::change::');
  });

  it('lists files over https through nginx with the panel’s token, CORS for the panel’s origin', async () => {
    const { token } = await serverToken();
    const preflight = await callSite('OPTIONS', '/files/list', {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-hostdeck,content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    const stranger = await callSite('OPTIONS', '/files/list', { origin: 'https://evil.example' });
    expect(stranger.status).toBe(403);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();

    const listed = await callSite(
      'POST',
      '/files/list',
      { 'x-hostdeck': token, 'content-type': 'application/json', origin },
      Buffer.from(JSON.stringify({ path: '/', root: '/' })),
    );
    expect(listed.status, listed.body.toString()).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(origin);
    const { dirs } = JSON.parse(listed.body.toString()) as { dirs: { name: string }[] };
    expect(dirs.map((dir) => dir.name)).toEqual(expect.arrayContaining(['etc', 'home', 'root']));
    const refused = await callSite(
      'POST',
      '/files/list',
      { 'content-type': 'application/json' },
      Buffer.from('{}'),
    );
    expect(refused.status).toBe(401);
  });

  it('streams a 50 MB upload (chunked) and its download through nginx, byte for byte', async () => {
    const { token } = await serverToken();
    await onServer('mkdir -p /root/h3');
    const content = randomBytes(UPLOAD_BYTES);
    const digest = createHash('sha256').update(content).digest('hex');
    const boundary = `hostdeck${randomBytes(8).toString('hex')}`;
    const field = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    // No Content-Length: nginx must pass a chunked body on as it comes (proxy_request_buffering off).
    async function* multipart() {
      yield Buffer.concat([field('root', '/'), field('path', '/root/h3'), field('name', 'big.bin')]);
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      for (let offset = 0; offset < content.length; offset += 2 ** 20)
        yield content.subarray(offset, offset + 2 ** 20);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const started = Date.now();
    const uploaded = await callSite(
      'POST',
      '/files/upload',
      { 'x-hostdeck': token, 'content-type': `multipart/form-data; boundary=${boundary}`, origin },
      multipart(),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(uploaded.status, uploaded.body.toString()).toBe(200);
    console.log(
      `50 MB upload through nginx (https): ${seconds.toFixed(2)} s, ${(50 / seconds).toFixed(1)} MB/s`,
    );
    expect(await onServer('sha256sum /root/h3/big.bin | cut -d" " -f1')).toBe(digest);

    const downloaded = await callSite('GET', '/files/download?root=/&path=/root/h3/big.bin', {
      'x-hostdeck': token,
    });
    expect(downloaded.status).toBe(200);
    expect(createHash('sha256').update(downloaded.body).digest('hex')).toBe(digest);
  });

  it('saves through an encrypted path (hex iv:cipher under the token) on the agent itself', async () => {
    const { token } = await serverToken();
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', createHash('sha256').update(token).digest(), iv);
    const sealed = Buffer.concat([cipher.update('/root/h3/saved.txt'), cipher.final()]);
    const form = new FormData();
    form.set('root', '/');
    form.set('path', `${iv.toString('hex')}:${sealed.toString('hex')}`);
    form.set('new', '1');
    form.set('file', new Blob(['sealed path ✓']), 'content');
    const saved = await fetch(`http://${testServer.address}:${AGENT_PORT}/files/save`, {
      method: 'POST',
      headers: { 'X-HostDeck': token },
      body: form,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await onServer('cat /root/h3/saved.txt')).toBe('sealed path ✓');
  });
});
