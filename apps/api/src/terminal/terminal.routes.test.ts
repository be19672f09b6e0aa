import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TERMINAL_GATEWAY_PATH, TERMINAL_MESSAGES, terminalNoticeSchema } from '@hostdeck/contracts';
import { createAgentSigner } from '../agent/agent-keys.js';
import { insertServer } from '../policy/testing/policy-fixtures.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import type { RemoteShell } from './ssh-shell.js';
import { terminalRoutes } from './terminal.routes.js';
import { createUsedTokens } from './used-tokens.repository.js';

const PREFIX = '/fake-shell';
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const signer = createAgentSigner(privateKey, publicKey.export({ type: 'spki', format: 'pem' }).toString());

/**
 * The gateway with a stand-in shell (the real one: terminal.server.test.ts): the single-use check
 * is a database call now, and what the browser types while it runs must still reach the shell.
 */
describe('the terminal gateway while it checks a token', () => {
  let test: TestApp;
  let url: string;
  const typed: string[] = [];

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      extend: (app) => {
        void app.register(
          async (scoped) => {
            await scoped.register(terminalRoutes, {
              allowedOrigins: ['https://panel.test'],
              signer,
              policy: {
                authorizeServer: (...args) => createAccessPolicy(test.database.db).authorizeServer(...args),
              },
              connections: {
                resolveTarget: async () => ({
                  host: '10.0.0.1',
                  port: 22,
                  username: 'root',
                  auth: { kind: 'password', password: 'x' },
                  knownHostKey: null,
                }),
                recordHostKey: async () => {},
              },
              // A slow database: keys typed meanwhile are kept for the shell.
              usedTokens: {
                consume: async (jti, expiresAt) => {
                  await new Promise((resolve) => setTimeout(resolve, 300));
                  return createUsedTokens(test.database.db).consume(jti, expiresAt);
                },
              },
              openShell: async () =>
                ({
                  pid: 4242,
                  write: (data: string) => void typed.push(data),
                  resize: () => {},
                  onData: () => {},
                  onClose: () => {},
                  pause: () => {},
                  resume: () => {},
                  close: async () => {},
                }) satisfies RemoteShell,
            });
          },
          { prefix: PREFIX },
        );
      },
    });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(test.app.server.address() as AddressInfo).port}${PREFIX}${TERMINAL_GATEWAY_PATH}`;
  });
  afterAll(async () => test?.close());

  const open = (token: string, cookie: string, typeAhead: string[]) =>
    new Promise<{ notices: string[]; socket: WebSocket }>((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { cookie, origin: 'https://panel.test' } });
      const notices: string[] = [];
      socket.on('message', (data: Buffer, isBinary) => {
        if (!isBinary) notices.push(terminalNoticeSchema.parse(JSON.parse(data.toString('utf8'))).type);
      });
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'open', token, cols: 80, rows: 24 }));
        for (const keys of typeAhead) socket.send(keys);
        resolve({ notices, socket });
      });
      socket.once('error', reject);
    });

  it('keeps the keys typed ahead, and takes a token once', async () => {
    const { user, cookie } = await createSignedInUser(test.database.db, 'Typist');
    const server = await insertServer(test.database.db, user.id, { name: 'typed' });
    const token = signer.sign({
      v: 1,
      server: server.id,
      site: null,
      root: '/',
      user: 'root',
      ops: ['terminal'],
      exp: Math.floor(Date.now() / 1000) + 60,
      jti: 'typed-ahead-token-0001',
    });
    const first = await open(token, cookie, ['echo 1\r', 'echo 2\r']);
    await waitFor(() => first.notices.includes('ready'), { what: 'the shell to be ready' });
    expect(typed).toEqual(['echo 1\r', 'echo 2\r']);
    first.socket.close();

    const again = await open(token, cookie, ['echo 3\r']);
    const refused = await new Promise<string>((resolve) =>
      again.socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')).message)),
    );
    expect(refused).toBe(TERMINAL_MESSAGES.badToken);
    expect(typed).toEqual(['echo 1\r', 'echo 2\r']);
  });
});
