import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentConfig, AgentTokenPayload } from '@hostdeck/contracts/agent-protocol';
import type { FileHandlers, FileScope } from '../scope.js';
import * as files from '../files/index.js';
import { startAgent, type RunningAgent, type StartAgentOptions } from '../start.js';

/** Test support (used by no production code): keys, tokens and an agent on a free port. */

export const TEST_SERVER_ID = 7;
export const TEST_ORIGIN = 'http://panel.test:8080';

export function createTestKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey };
}

/** Signs a payload the way the panel does (apps/api/src/agent/agent-keys.ts). */
export function signToken(payload: unknown, privateKey: KeyObject): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body, 'ascii'), privateKey).toString('base64url')}`;
}

export function tokenPayload(overrides: Partial<AgentTokenPayload> = {}): AgentTokenPayload {
  return {
    v: 1,
    server: TEST_SERVER_ID,
    site: null,
    root: '/',
    user: os.userInfo().username,
    ops: ['files:read', 'files:write'],
    exp: Math.floor(Date.now() / 1000) + 300,
    jti: randomBytes(16).toString('base64url'),
    ...overrides,
  };
}

/** File handlers that answer with what they were given and who runs them (uid). */
export const echoFileHandlers: FileHandlers = {
  handleFileRequest(request: IncomingMessage, response: ServerResponse, scope: FileScope) {
    let size = 0;
    request.on('data', (chunk: Buffer) => (size += chunk.length));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          url: request.url,
          method: request.method,
          scope,
          uid: process.getuid?.(),
          bodyBytes: size,
        }),
      );
    });
  },
  handleFileUpgrade(_request, socket) {
    socket.end('HTTP/1.1 501 Not Implemented\r\nContent-Length: 0\r\n\r\n');
  },
};

/** The test worker's entry (worker-entry.ts), run under tsx like the sources. */
export const TEST_WORKER_ENTRY = {
  script: path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-entry.ts'),
  execArgv: ['--import', 'tsx'],
};

/** A worker running the real file API (files-worker-entry.ts), under tsx like the sources. */
export const FILES_WORKER_ENTRY = {
  script: path.join(path.dirname(fileURLToPath(import.meta.url)), 'files-worker-entry.ts'),
  execArgv: ['--import', 'tsx'],
};

/** An agent with the real file API in its workers (the hand-off tests). */
export function startFilesTestAgent(options: Partial<StartAgentOptions> = {}) {
  return startTestAgent({}, { files, workerEntry: FILES_WORKER_ENTRY, ...options });
}

export async function startTestAgent(
  overrides: Partial<AgentConfig> = {},
  options: Partial<StartAgentOptions> = {},
): Promise<{
  agent: RunningAgent;
  keys: ReturnType<typeof createTestKeys>;
  url: string;
  token(payload?: Partial<AgentTokenPayload>): string;
}> {
  const keys = createTestKeys();
  const config: AgentConfig = {
    port: 0,
    panelPublicKey: keys.publicKeyPem,
    serverId: TEST_SERVER_ID,
    tls: null,
    allowedOrigins: [TEST_ORIGIN],
    metricsIntervalSeconds: 60,
    ...overrides,
  };
  const agent = await startAgent(config, {
    files: echoFileHandlers,
    workerEntry: TEST_WORKER_ENTRY,
    socketDirectory: mkdtempSync(path.join(os.tmpdir(), 'hostdeck-agent-test-')),
    port: 0,
    host: '127.0.0.1',
    hangUpGraceMs: 200,
    log: () => {},
    ...options,
  });
  return {
    agent,
    keys,
    url: `http://127.0.0.1:${agent.port}`,
    token: (payload = {}) => signToken(tokenPayload(payload), keys.privateKey),
  };
}

/** Pids of this process's children started as workers for `user`. */
export function workerPids(user: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes('--worker') && args.includes(user))
        found.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}
