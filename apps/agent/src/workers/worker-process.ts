import { existsSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FileHandlers, FileScope } from '../scope.js';
import { findSystemUser } from './system-users.js';
import { SCOPE_HEADER, type WorkerMessage } from './worker-protocol.js';

function parseScope(text: string): FileScope | null {
  try {
    const value = JSON.parse(text) as Partial<FileScope> | null;
    if (typeof value?.root !== 'string' || !value.root.startsWith('/')) return null;
    if (typeof value.user !== 'string' || typeof value.canWrite !== 'boolean') return null;
    const scope: FileScope = { root: value.root, user: value.user, canWrite: value.canWrite };
    if (typeof value.pathKey === 'string' && /^[0-9a-f]{64}$/.test(value.pathKey))
      scope.pathKey = value.pathKey;
    return scope;
  } catch {
    return null;
  }
}

/**
 * The worker side: started by the main process as root, it takes the user's groups, gid and uid
 * for good before it accepts any connection, then serves the file API for that user only. Its
 * connections arrive over the IPC channel (worker-pool.ts), each request with the scope the main
 * process verified.
 */
export function runWorker(userName: string, files: FileHandlers): void {
  const user = findSystemUser(userName);
  if (process.getuid?.() === 0) {
    // process.initgroups exists on POSIX (Node docs) but is missing from @types/node 20.
    (process as unknown as { initgroups(user: string, group: number): void }).initgroups(user.name, user.gid);
    process.setgid!(user.gid);
    process.setuid!(user.uid);
  }
  if (process.getuid?.() !== user.uid) throw new Error(`the worker could not become ${user.name}`);
  process.chdir(existsSync(user.home) ? user.home : '/');

  const scopeOf = (request: http.IncomingMessage): FileScope | null => {
    const header = request.headers[SCOPE_HEADER];
    if (typeof header !== 'string') return null;
    const scope = parseScope(header);
    return scope?.user === user.name ? scope : null;
  };

  const server = http.createServer((request, response) => {
    const scope = scopeOf(request);
    if (!scope) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Missing scope' }));
      return;
    }
    Promise.resolve(files.handleFileRequest(request, response, scope)).catch((error: unknown) => {
      process.stderr.write(`file request failed: ${String(error)}\n`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end();
    });
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: Socket, head: Buffer) => {
    const scope = scopeOf(request);
    if (!scope) return socket.destroy();
    Promise.resolve(files.handleFileUpgrade(request, socket, head, scope)).catch(() => socket.destroy());
  });

  process.on('message', (message: WorkerMessage, handle?: unknown) => {
    if (message?.type === 'connection' && handle) server.emit('connection', handle);
  });
  // The main process went away (stopped, restarted): nothing is left to serve.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready' } satisfies WorkerMessage);
}
