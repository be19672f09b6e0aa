import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import { AGENT_PORT, AGENT_VERSION, type AgentTokenPayload } from '@hostdeck/contracts';
import { connectToTestServer, runRecipeOnSession } from '../../../../tools/test-server/web-test-server.js';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import { createAgentSigner } from './agent-keys.js';
import { agentProxyRoutes } from './agent-proxy.js';

/**
 * The agent on a booted Debian 12 server (ARCHITECTURE.md, Testing): the bundle built here,
 * installed by the `agent-install` recipe over SSH as the panel sends it, then called over the
 * network with tokens the way the browser calls it.
 */
const NAME = 'agent1';
const ORIGIN = 'http://panel.test:8080';
const SERVER_ID = 41;
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

describe('the agent on a server', () => {
  let server: TestServer;
  const keys = generateKeyPairSync('ed25519');
  const signer = createAgentSigner(
    keys.privateKey,
    keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  const input = {
    version: AGENT_VERSION,
    server_id: SERVER_ID,
    port: AGENT_PORT,
    panel_public_key: signer.publicKeyPem,
    allowed_origins: [ORIGIN],
  };
  const token = (values: Partial<AgentTokenPayload> = {}) =>
    signer.sign({
      v: 1,
      server: SERVER_ID,
      site: null,
      root: '/',
      user: 'root',
      ops: ['files:read', 'files:write'],
      exp: Math.floor(Date.now() / 1000) + 300,
      jti: randomBytes(16).toString('base64url'),
      ...values,
    });
  const agentUrl = () => `http://${server.address}:${AGENT_PORT}`;
  const call = (file: string, headerToken: string, body: unknown) =>
    fetch(`${agentUrl()}/files/${file}`, {
      method: 'POST',
      headers: { 'X-HostDeck': headerToken, 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(body),
    });
  const run = async (...command: string[]) => {
    const result = await runOnTestServer(server, command);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  const agentMemory = async () => {
    const pid = await run('systemctl', 'show', '--property=MainPID', '--value', 'hostdeck-agent');
    return Number(await run('ps', '-o', 'rss=', '-p', pid));
  };

  beforeAll(async () => {
    const built = execFileSync('node', ['apps/agent/build/bundle.mjs'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    });
    console.log(`agent bundle: ${built.trim()}`);
    await bootTestServer(NAME);
    server = await resetTestServer(NAME);
    await run(
      'bash',
      '-c',
      'id -u hostdeck >/dev/null 2>&1 || useradd --create-home --shell /bin/bash hostdeck',
    );
  });
  afterAll(async () => {
    await stopTestServer(NAME);
  });

  it('installs as an enabled, running service answering /version, and a second run changes nothing', async () => {
    const session = await connectToTestServer(server);
    try {
      const first = await runRecipeOnSession(session, 'agent-install', input);
      expect(first.exitCode, first.output).toBe(0);
      expect(first.stdout).toContain('::hostdeck::change::unpacked agent');
      const second = await runRecipeOnSession(session, 'agent-install', input);
      expect(second.exitCode, second.output).toBe(0);
      expect(second.stdout).not.toContain('::hostdeck::change::');
    } finally {
      await session.close();
    }
    expect(await run('systemctl', 'is-active', 'hostdeck-agent')).toBe('active');
    expect(await run('systemctl', 'is-enabled', 'hostdeck-agent')).toBe('enabled');
    expect(await run('readlink', '/opt/hostdeck-agent/current')).toBe(String(AGENT_VERSION));
    expect(await run('stat', '-c', '%a %U', '/etc/hostdeck-agent/config.json')).toBe('644 root');
    const version = await fetch(`${agentUrl()}/version`);
    expect(await version.json()).toEqual({ version: AGENT_VERSION });
    console.log(`agent idle RSS after start: ${await agentMemory()} KiB`);
  });

  it('upgrades in place: an older `current` is replaced by this version and the service restarted', async () => {
    const older = String(AGENT_VERSION - 1);
    await run('cp', '-a', '--', `/opt/hostdeck-agent/${AGENT_VERSION}`, `/opt/hostdeck-agent/${older}`);
    await run('ln', '-sfn', '--', older, '/opt/hostdeck-agent/current');
    await run('systemctl', 'restart', 'hostdeck-agent');
    const pidBefore = await run('systemctl', 'show', '--property=MainPID', '--value', 'hostdeck-agent');
    const session = await connectToTestServer(server);
    try {
      const upgrade = await runRecipeOnSession(session, 'agent-install', input);
      expect(upgrade.exitCode, upgrade.output).toBe(0);
      expect(upgrade.stdout).toContain('::hostdeck::change::restarted hostdeck-agent');
    } finally {
      await session.close();
    }
    expect(await run('readlink', '/opt/hostdeck-agent/current')).toBe(String(AGENT_VERSION));
    expect(await run('systemctl', 'show', '--property=MainPID', '--value', 'hostdeck-agent')).not.toBe(
      pidBefore,
    );
    expect(await run('systemctl', 'is-active', 'hostdeck-agent')).toBe('active');
    expect(await (await fetch(`${agentUrl()}/version`)).json()).toEqual({ version: AGENT_VERSION });
    await run('rm', '-rf', '--', `/opt/hostdeck-agent/${older}`);
  });

  it('lists the whole server with a server token, and refuses a forged one', async () => {
    const listed = await call('list', token(), { path: '/', root: '/' });
    expect(listed.status, await listed.clone().text()).toBe(200);
    const { dirs } = (await listed.json()) as { dirs: { name: string }[] };
    expect(dirs.map((dir) => dir.name)).toEqual(expect.arrayContaining(['etc', 'home', 'opt']));
    const other = createAgentSigner(
      generateKeyPairSync('ed25519').privateKey,
      signer.publicKeyPem, // the claimed key does not matter: the agent holds the panel's
    );
    const forged = other.sign({
      v: 1,
      server: SERVER_ID,
      site: null,
      root: '/',
      user: 'root',
      ops: ['files:read'],
      exp: Math.floor(Date.now() / 1000) + 60,
      jti: randomBytes(16).toString('base64url'),
    });
    expect((await call('list', forged, { path: '/', root: '/' })).status).toBe(401);
  });

  it("acts as the site's user inside its root, and a token for one folder cannot reach another", async () => {
    const home = token({ user: 'hostdeck', root: '/home/hostdeck', site: 5 });
    for (const name of ['a', 'b']) {
      const made = await call('mkdir', home, { path: '/home/hostdeck', name, root: '/home/hostdeck' });
      expect(made.status, await made.clone().text()).toBeLessThan(300);
    }
    expect(await run('stat', '-c', '%U:%G', '/home/hostdeck/a', '/home/hostdeck/b')).toBe(
      'hostdeck:hostdeck\nhostdeck:hostdeck',
    );
    const listed = await call('list', home, { path: '/home/hostdeck', root: '/home/hostdeck' });
    expect(((await listed.json()) as { dirs: { name: string }[] }).dirs.map((dir) => dir.name)).toEqual(
      expect.arrayContaining(['a', 'b']),
    );
    // The worker serving hostdeck runs as hostdeck.
    const pid = await run('systemctl', 'show', '--property=MainPID', '--value', 'hostdeck-agent');
    const workers = await run('ps', '--ppid', pid, '-o', 'user=,rss=,args=');
    expect(workers).toMatch(/^hostdeck\s+\d+\s+.*--worker hostdeck/m);
    console.log(`agent workers:\n${workers}`);

    const onlyA = token({ user: 'hostdeck', root: '/home/hostdeck/a', site: 6 });
    expect((await call('list', onlyA, { path: '/home/hostdeck/a', root: '/home/hostdeck/a' })).status).toBe(
      200,
    );
    for (const body of [
      { path: '/home/hostdeck/b', root: '/home/hostdeck/a' },
      { path: '/home/hostdeck/b', root: '/home/hostdeck/b' },
      { path: '/home/hostdeck/a/../b', root: '/home/hostdeck/a' },
    ]) {
      const refused = await call('list', onlyA, body);
      expect(refused.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    expect(
      (await call('mkdir', onlyA, { path: '/home/hostdeck/b', name: 'x', root: '/home/hostdeck/a' })).status,
    ).toBeGreaterThanOrEqual(400);
    expect(await run('bash', '-c', 'test ! -e /home/hostdeck/b/x && echo absent')).toBe('absent');
    console.log(`agent RSS after file calls (main process): ${await agentMemory()} KiB`);
  });

  it("streams file calls through the panel's proxy (the private endpoint)", async () => {
    const app = Fastify();
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      (request as unknown as { user: { id: number } }).user = { id: 1 };
    });
    await app.register(websocket);
    await app.register(agentProxyRoutes, {
      policy: { authorizeServer: async () => ({}) as never },
      allowedOrigins: [ORIGIN],
      agentAddress: async (serverId) => (serverId === SERVER_ID ? server.address : null),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address() as { port: number };
      const proxy = `http://127.0.0.1:${address.port}/api/servers/${SERVER_ID}/agent`;
      const home = token({ user: 'hostdeck', root: '/home/hostdeck', site: 5 });
      const listed = await fetch(`${proxy}/files/list`, {
        method: 'POST',
        headers: {
          'X-HostDeck': home,
          'content-type': 'application/json',
          cookie: 'session=never-forwarded',
        },
        body: JSON.stringify({ path: '/home/hostdeck', root: '/home/hostdeck' }),
      });
      expect(listed.status, await listed.clone().text()).toBe(200);

      const form = new FormData();
      form.set('path', '/home/hostdeck/a');
      form.set('root', '/home/hostdeck');
      form.set('file', new Blob([Buffer.alloc(8 * 1024 * 1024, 120)]), 'big.bin');
      const uploaded = await fetch(`${proxy}/files/upload`, {
        method: 'POST',
        headers: { 'X-HostDeck': home },
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300);
      expect(await run('stat', '-c', '%s %U', '/home/hostdeck/a/big.bin')).toBe(
        `${8 * 1024 * 1024} hostdeck`,
      );
      expect(
        // Another server's id (not a replace in the URL: the port may hold the same digits).
        (await fetch(`http://127.0.0.1:${address.port}/api/servers/999/agent/files/list`, { method: 'POST' }))
          .status,
      ).toBe(404);

      // A single-use link through the proxy, then the download streamed by that link.
      const link = await fetch(`${proxy}/link`, {
        method: 'POST',
        headers: { 'X-HostDeck': home, 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/home/hostdeck/a/big.bin' }),
      });
      expect(link.status, await link.clone().text()).toBe(200);
      const { token: linkToken } = (await link.json()) as { token: string };
      const download = `${proxy}/files/download?${new URLSearchParams({
        path: '/home/hostdeck/a/big.bin',
        root: '/home/hostdeck',
        token: linkToken,
      })}`;
      const downloaded = await fetch(download);
      expect(downloaded.status).toBe(200);
      expect((await downloaded.arrayBuffer()).byteLength).toBe(8 * 1024 * 1024);
      expect((await fetch(download)).status).toBe(401);

      // The progress socket through the proxy: the allowed origin opens, another is refused.
      const socketUrl = `${proxy.replace('http:', 'ws:')}/files/remote-download/ws?${new URLSearchParams({
        token: home,
        root: '/home/hostdeck',
      })}`;
      const open = (origin: string) =>
        new Promise<number>((resolve, reject) => {
          const socket = new WebSocket(socketUrl, { origin });
          socket.once('open', () => {
            socket.close();
            resolve(101);
          });
          socket.once('unexpected-response', (request, response) => {
            request.destroy();
            resolve(response.statusCode ?? 0);
          });
          socket.once('error', reject);
        });
      expect(await open(ORIGIN)).toBe(101);
      expect(await open('http://evil.test')).toBe(403);
    } finally {
      await app.close();
    }
  });

  it("opens a direct terminal as the token's user from an allowed origin only", async () => {
    const direct = (origin: string) =>
      new WebSocket(
        `ws://${server.address}:${AGENT_PORT}/direct?token=${token({
          user: 'hostdeck',
          root: '/home/hostdeck',
          ops: ['terminal'],
          exp: Math.floor(Date.now() / 1000) + 60,
        })}`,
        { origin },
      );
    const refused = await new Promise<number>((resolve) =>
      direct('http://evil.test').on('unexpected-response', (_request, response) =>
        resolve(response.statusCode ?? 0),
      ),
    );
    expect(refused).toBe(403);

    const socket = direct(ORIGIN);
    let output = '';
    socket.on('message', (data: Buffer) => (output += data.toString('utf8')));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send('echo "I am $(whoami) in $PWD"\r');
    const started = Date.now();
    while (!/I am hostdeck in \/home\/hostdeck/.test(output)) {
      if (Date.now() - started > 20_000) throw new Error(`no answer in ${JSON.stringify(output)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.close();
  });
});
