import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TERMINAL_GATEWAY_PATH, TERMINAL_MESSAGES, terminalNoticeSchema } from '@hostdeck/contracts';
import { createAgentSigner } from '../agent/agent-keys.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../policy/testing/policy-fixtures.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import type { RemoteShell } from './ssh-shell.js';
import { terminalRoutes } from './terminal.routes.js';
import { createUsedTokens } from './used-tokens.repository.js';

const PREFIX = '/revocable';
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const signer = createAgentSigner(privateKey, publicKey.export({ type: 'spki', format: 'pem' }).toString());

/**
 * Issue 22 point 3: removing a member ends their access at once. Their open terminal on a server
 * the team shares is closed, and a terminal token they still hold no longer opens one (the
 * gateway with a stand-in shell; the bus is the panel's own).
 */
describe('removing a team member', () => {
  let test: TestApp;
  let url: string;
  const closed: number[] = [];

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      extend: (app) => {
        void app.register(
          async (scoped) => {
            await scoped.register(terminalRoutes, {
              allowedOrigins: ['https://panel.test'],
              signer,
              bus: { subscribe: (...args) => test.panel.bus.subscribe(...args) },
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
              usedTokens: {
                consume: (jti, expiresAt) => createUsedTokens(test.database.db).consume(jti, expiresAt),
              },
              openShell: async () => {
                const listeners: (() => void)[] = [];
                return {
                  pid: 4343,
                  write: () => {},
                  resize: () => {},
                  onData: () => {},
                  onClose: (listener: () => void) => void listeners.push(listener),
                  pause: () => {},
                  resume: () => {},
                  close: async () => {
                    closed.push(4343);
                    for (const listener of listeners) listener();
                  },
                } satisfies RemoteShell;
              },
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

  const tokenFor = (server: number, jti: string) =>
    signer.sign({
      v: 1,
      server,
      site: null,
      root: '/',
      user: 'root',
      ops: ['terminal'],
      exp: Math.floor(Date.now() / 1000) + 60,
      jti,
    });

  const open = (token: string, cookie: string) =>
    new Promise<{ notices: { type: string; message?: string }[]; socket: WebSocket; closed: Promise<void> }>(
      (resolve, reject) => {
        const socket = new WebSocket(url, { headers: { cookie, origin: 'https://panel.test' } });
        const notices: { type: string; message?: string }[] = [];
        const closedSocket = new Promise<void>((done) => socket.once('close', () => done()));
        socket.on('message', (data: Buffer, isBinary) => {
          if (!isBinary) notices.push(terminalNoticeSchema.parse(JSON.parse(data.toString('utf8'))));
        });
        socket.once('open', () => {
          socket.send(JSON.stringify({ type: 'open', token, cols: 80, rows: 24 }));
          resolve({ notices, socket, closed: closedSocket });
        });
        socket.once('error', reject);
      },
    );

  it('closes their open terminal and refuses the token they still hold', async () => {
    const olga = await signIn(test, 'Olga Owner');
    const db = test.database.db;
    const ed = await createSignedInUser(db, 'Ed Developer');
    const server = await insertServer(db, olga.user.id, { name: 'shared' });
    const team = await insertTeam(db, olga.user.id, 'Agency');
    await insertShare(db, team.id, server.id);
    await insertMember(db, team.id, ed.user.id, 'developer');
    const session = ed.cookie;

    const terminal = await open(tokenFor(server.id, 'revocation-open-0001'), session);
    await waitFor(() => terminal.notices.some((notice) => notice.type === 'ready'), {
      what: 'the shell to be ready',
    });
    const kept = tokenFor(server.id, 'revocation-kept-0002');

    const removed = await olga.api.delete(`/api/teams/${team.id}/members/${ed.user.id}`);
    expect(removed.statusCode).toBe(204);
    await terminal.closed;
    expect(terminal.notices).toContainEqual(
      expect.objectContaining({ type: 'error', message: TERMINAL_MESSAGES.accessEnded }),
    );

    const later = await open(kept, session);
    await later.closed;
    expect(later.notices).toContainEqual(
      expect.objectContaining({ type: 'error', message: TERMINAL_MESSAGES.badToken }),
    );
  });
});
