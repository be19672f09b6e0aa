import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { createPanel, type Panel } from '../panel.js';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { TEST_APP_KEY } from '../testing/test-app.js';
import { redactLogLine, redactQuery } from './log-redaction.js';

/** A token as the panel and the agent make them: long, random, URL-safe. */
const token = (label: string) => `${label}${randomBytes(24).toString('base64url')}`;

/** Sends one request as written, so a test can send what no HTTP client would encode that way. */
function rawRequest(port: number, requestLine: string) {
  return new Promise<void>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('data', () => socket.end());
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
    socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

describe("tokens in the panel's request log (SECURITY.md: secrets in output)", () => {
  const lines: string[] = [];
  let panel: Panel;
  let database: DatabaseConnection;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-log-'));
    writeFileSync(path.join(dataDir, 'index.html'), '<!doctype html>');
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        APP_KEY: TEST_APP_KEY,
        LOG_LEVEL: 'debug',
        WEB_DIST_DIR: dataDir,
      },
      { repositoryRoot: process.cwd() },
    );
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    // The panel's own logger, as main.ts gets it: only where it writes is the test's.
    panel = await createPanel({
      config,
      database,
      workers: false,
      logDestination: { write: (line) => void lines.push(line) },
    });
    await panel.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await panel?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs requests, but no token that any of them carried', async () => {
    const app = panel.app;
    const port = (app.server.address() as AddressInfo).port;
    const owner = await createSignedInUser(database.db, 'Olga');
    // 127.0.0.1:2022 has no agent here: the proxy also logs its failure.
    const server = await createServerRecord(database.db, panel.secretBox, {
      userId: owner.user.id,
      ip: '127.0.0.1',
      port: 22,
      password: 'unused',
    });
    const secrets: string[] = [];
    const secret = (label: string) => {
      const value = token(label);
      secrets.push(value);
      return value;
    };
    const agent = `/api/servers/${server.id}/agent`;
    const calls: { method: 'GET' | 'POST' | 'HEAD'; url: string; headers?: Record<string, string> }[] = [
      // The deploy webhook: git hosts and CI can only send its token in the URL.
      { method: 'POST', url: `/api/servers/${server.id}/sites/1/deploy/http?token=${secret('deploy')}` },
      { method: 'GET', url: `/api/servers/${server.id}/sites/1/deploy/http?token=${secret('deploy')}` },
      { method: 'HEAD', url: `/api/servers/${server.id}/sites/1/deploy/http?token=${secret('deploy')}` },
      // The agent's single-use download link and media view link, through the file proxy.
      {
        method: 'GET',
        url: `${agent}/files/download?path=%2Froot%2Fa.zip&root=%2F&token=${secret('download')}`,
        headers: { cookie: owner.cookie },
      },
      {
        method: 'GET',
        url: `${agent}/files/view?token=${secret('view')}&path=%2Fa.mp4`,
        headers: { cookie: owner.cookie, range: 'bytes=0-' },
      },
      // The progress socket's token, and its file token in the header.
      {
        method: 'GET',
        url: `${agent}/files/remote-download/ws?token=${secret('progress')}&root=%2F`,
        headers: { cookie: owner.cookie, 'x-hostdeck': secret('file') },
      },
      // Certificate renewal: its token belongs in a header, but a script may put it anywhere.
      {
        method: 'POST',
        url: `/api/sites/1/certificates/renew?token=${secret('renew')}`,
        headers: { 'x-hostdeck-token': secret('renew') },
      },
      { method: 'POST', url: `/api/sites/1/letsencrypt-renew?renewal_token=${secret('renew')}` },
      // Reset and verification links (their tokens travel after #, but an old link may not).
      { method: 'GET', url: `/reset-password?token=${secret('reset')}&email=olga%40example.test` },
      { method: 'GET', url: `/verify-email?token=${secret('verify')}` },
      {
        method: 'POST',
        url: `/api/email/verify?token=${secret('verify')}`,
        headers: { 'x-xsrf-token': secret('x') },
      },
      { method: 'POST', url: `/api/reset-password?token=${secret('reset')}` },
      // A terminal token, an unknown route, a bare token, and a parameter name that is not plain.
      { method: 'GET', url: `/api/terminal?token=${secret('terminal')}` },
      { method: 'GET', url: `/api/nothing-here?token=${secret('unknown')}` },
      { method: 'GET', url: `/api/info?${secret('bare')}` },
      { method: 'GET', url: `/api/info?a=1&${secret('name')}=x` },
      {
        method: 'GET',
        url: '/api/user',
        headers: {
          authorization: `Bearer ${secret('bearer')}`,
          cookie: `hostdeck_session=${secret('cookie')}`,
        },
      },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: { ...call.headers } });
      expect(response.statusCode, call.url).toBeGreaterThanOrEqual(200);
    }
    // What a client sends raw: a quote, an escape, a fragment inside the query.
    const quoted = secret('quoted');
    await rawRequest(port, `GET /api/info?token=ab"${quoted} HTTP/1.1`);
    const escaped = secret('escaped');
    await rawRequest(port, `GET /api/info?token=\\u0022${escaped} HTTP/1.1`);
    const fragment = secret('fragment');
    await rawRequest(port, `GET /api/nothing?token=a#${fragment} HTTP/1.1`);

    const log = lines.join('');
    // Logged (LOG_LEVEL=debug logs every request), but redacted.
    expect(log).toContain('/deploy/http?token=[redacted]');
    expect(log).toContain('/files/download?path=[redacted]&root=[redacted]&token=[redacted]');
    const leaked = secrets.filter((value) => log.includes(value) || log.includes(value.slice(-16)));
    expect(leaked).toEqual([]);
  });

  it('takes no token in a path: no route names one as a parameter', () => {
    const tokenLike = /:(?:[a-z_]*token|hash|signature|secret|code|key)\b/i;
    // A referral code is no secret: it is made to be shared, in links (docs/referrals.md).
    const publicByDesign = new Set(['/api/user/referral/codes/:code']);
    const routes = panel.app.routeTable
      .map((route) => route.url)
      .filter((url) => tokenLike.test(url) && !publicByDesign.has(url));
    expect(routes).toEqual([]);
  });
});

describe('redactLogLine', () => {
  it('redacts every value of every query string in a JSON line, and nothing else', () => {
    const line = JSON.stringify({
      msg: 'Route GET:/a?token=abc&x=1 not found. Is it right?',
      req: { url: '/b?path=%2Fetc&token=xyz#frag' },
      err: { message: 'at /c?k=v"quoted' },
    });
    const redacted = redactLogLine(line);
    expect(JSON.parse(redacted)).toEqual({
      msg: 'Route GET:/a?token=[redacted]&x=[redacted] not found. Is it right?',
      req: { url: '/b?path=[redacted]&token=[redacted]' },
      err: { message: 'at /c?k=[redacted]' },
    });
    expect(redactLogLine('{"msg":"no query here"}')).toBe('{"msg":"no query here"}');
  });

  it('keeps plain names only', () => {
    expect(redactQuery('a=1&&b=2')).toBe('a=[redacted]&&b=[redacted]');
    expect(redactQuery('secretvalue')).toBe('[redacted]');
    expect(redactQuery('%74oken=1')).toBe('[redacted]');
    expect(redactQuery('1abc=1')).toBe('[redacted]');
    expect(redactQuery(`${'n'.repeat(16)}=1`)).toBe(`${'n'.repeat(16)}=[redacted]`);
    expect(redactQuery(`${'n'.repeat(17)}=1`)).toBe('[redacted]');
    expect(redactQuery('itemsPerPage=10&page[size]=2')).toBe('itemsPerPage=[redacted]&page[size]=[redacted]');
  });
});
