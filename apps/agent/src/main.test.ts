import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestAgent, TEST_ORIGIN, workerPids } from './testing/agent-test-support.js';
import { AGENT_VERSION } from '@hostdeck/contracts/agent-version';

let test: Awaited<ReturnType<typeof startTestAgent>>;
beforeAll(async () => {
  test = await startTestAgent();
});
afterAll(async () => test?.agent.close());

const post = (path: string, headers: Record<string, string>, body: unknown = {}) =>
  fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('agent HTTP server', () => {
  it('answers GET /version without a token', async () => {
    const response = await fetch(`${test.url}/version`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: AGENT_VERSION });
  });

  it('serves the resource samples to a single-use metrics:read token only (issue 23 point 4)', async () => {
    const metrics = (token?: string, since = 0) =>
      fetch(`${test.url}/metrics?since=${since}`, { headers: token ? { 'X-HostDeck': token } : {} });
    expect((await metrics()).status).toBe(401);
    expect((await metrics(test.token({ ops: ['files:read'] }))).status).toBe(403);
    const token = test.token({ ops: ['metrics:read'], exp: Math.floor(Date.now() / 1000) + 30 });
    const answer = await metrics(token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ interval: 60, samples: expect.any(Array) });
    expect((await metrics(token)).status).toBe(401);
    const bad = await metrics(
      test.token({ ops: ['metrics:read'], exp: Math.floor(Date.now() / 1000) + 30 }),
      -1,
    );
    expect(bad.status).toBe(400);
  });

  it('refuses file calls without a valid token', async () => {
    expect((await post('/files/list', {})).status).toBe(401);
    expect((await post('/files/list', { 'X-HostDeck': 'forged.token' })).status).toBe(401);
    expect((await fetch(`${test.url}/nowhere`)).status).toBe(404);
  });

  it('runs a file call with the scope of the token, in-process for its own user', async () => {
    const token = test.token({ root: '/home/hostdeck/a' });
    const response = await post(
      '/files/list',
      { 'X-HostDeck': token },
      { path: '/home/hostdeck/a', root: '/home/hostdeck/a' },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      url: '/files/list',
      scope: { root: '/home/hostdeck/a', canWrite: true },
      uid: process.getuid?.(),
    });
  });

  it('refuses writes with a read-only token and a query root outside the token root (403)', async () => {
    const readOnly = test.token({ ops: ['files:read'], root: '/home/hostdeck/a' });
    const deletion = await fetch(`${test.url}/files/delete`, {
      method: 'DELETE',
      headers: { 'X-HostDeck': readOnly },
    });
    expect(deletion.status).toBe(403);
    const outside = await fetch(`${test.url}/files/view?root=/home/hostdeck/b&path=/home/hostdeck/b/x`, {
      headers: { 'X-HostDeck': readOnly },
    });
    expect(outside.status).toBe(403);
    const dotted = await fetch(`${test.url}/files/view?root=/home/hostdeck/a/../b&path=x`, {
      headers: { 'X-HostDeck': readOnly },
    });
    expect(dotted.status).toBe(403);
  });

  it('answers CORS preflights for the allowed origins only, exactly', async () => {
    const allowed = await fetch(`${test.url}/files/list`, {
      method: 'OPTIONS',
      headers: { origin: TEST_ORIGIN, 'access-control-request-headers': 'x-hostdeck' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('X-HostDeck');
    for (const origin of [`${TEST_ORIGIN}.evil.test`, 'http://panel.test', 'null']) {
      const refused = await fetch(`${test.url}/files/list`, { method: 'OPTIONS', headers: { origin } });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('makes single-use download links for one file of the root', async () => {
    const token = test.token({ root: '/srv/site' });
    const made = await post('/link', { 'X-HostDeck': token }, { path: '/srv/site/a.png' });
    expect(made.status).toBe(200);
    const { token: link } = (await made.json()) as { token: string };
    const elsewhere = await post('/link', { 'X-HostDeck': token }, { path: '/srv/other/a.png' });
    expect(elsewhere.status).toBe(422);

    const wrongFile = await fetch(
      `${test.url}/files/download?root=/srv/site&path=/srv/site/b.png&token=${link}`,
    );
    expect(wrongFile.status).toBe(403);
    const other = await post('/link', { 'X-HostDeck': token }, { path: '/srv/site/a.png' });
    const { token: second } = (await other.json()) as { token: string };
    const url = `${test.url}/files/download?root=/srv/site&path=/srv/site/a.png&token=${second}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ scope: { root: '/srv/site', canWrite: false } });
    expect((await fetch(url)).status).toBe(401);
    // A link is no file token: it cannot list or write.
    expect((await post('/files/list', { 'X-HostDeck': second })).status).toBe(403);
  });

  it("hands another user's calls to a worker running as that user", async () => {
    const token = test.token({ user: 'nobody', root: '/tmp' });
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const response = await fetch(`${test.url}/files/upload`, {
      method: 'POST',
      headers: { 'X-HostDeck': token, 'content-type': 'application/octet-stream' },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      url: '/files/upload',
      scope: { user: 'nobody', root: '/tmp' },
      uid: 65534,
      bodyBytes: body.length,
    });
  });

  it('refuses a token for a user the server does not have (403)', async () => {
    const response = await post('/files/list', { 'X-HostDeck': test.token({ user: 'no-such-user' }) });
    expect(response.status).toBe(403);
  });
});

describe('agent websockets under /files/', () => {
  function upgradeStatus(path: string, origin?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${test.url.replace('http', 'ws')}${path}`, origin ? { origin } : {});
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('error', reject);
    });
  }

  it('checks the origin and the token, then reaches the handler of the token user (worker)', async () => {
    const token = test.token({ user: 'nobody', root: '/tmp' });
    expect(await upgradeStatus(`/files/remote-download?token=${token}`, 'http://evil.test')).toBe(403);
    expect(await upgradeStatus('/files/remote-download', TEST_ORIGIN)).toBe(401);
    // The echo handlers answer upgrades with 501: the worker got it.
    expect(await upgradeStatus(`/files/remote-download?token=${token}`, TEST_ORIGIN)).toBe(501);
    expect(await upgradeStatus(`/files/remote-download?token=${test.token()}`, TEST_ORIGIN)).toBe(501);
  });
});

describe('per-user workers', () => {
  // As `daemon`: the other agent of this file keeps a worker for `nobody`.
  it('exit after their idle time, and start again on the next call', async () => {
    const quick = await startTestAgent({}, { workerIdleMs: 300 });
    try {
      const call = () =>
        fetch(`${quick.url}/files/list`, {
          method: 'POST',
          headers: { 'X-HostDeck': quick.token({ user: 'daemon', root: '/tmp' }) },
        });
      expect((await call()).status).toBe(200);
      expect(workerPids('daemon')).toHaveLength(1);
      const started = Date.now();
      while (workerPids('daemon').length > 0) {
        if (Date.now() - started > 10_000) throw new Error('the idle worker did not exit');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await call()).status).toBe(200);
      expect(workerPids('daemon')).toHaveLength(1);
    } finally {
      await quick.agent.close();
    }
  });
});
