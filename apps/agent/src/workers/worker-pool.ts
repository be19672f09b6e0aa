import { fork, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { sendError, unavailable } from '../files/errors.js';
import { DEFAULT_FILE_API_OPTIONS } from '../files/options.js';
import { serveOpenFile } from '../files/serve-file.js';
import type { FileScope } from '../scope.js';
import { uploadThroughHandOff } from './upload-handoff.js';
import { findSystemUser, type SystemUser } from './system-users.js';
import {
  HANDOFF_HEADER,
  HANDOFF_NAME_HEADER,
  SCOPE_HEADER,
  WORKER_FLAG,
  type WorkerMessage,
} from './worker-protocol.js';

/** How to start a worker: the agent's own script again (the bundle, or the sources under tsx). */
export interface WorkerEntry {
  script: string;
  execArgv: string[];
}

export interface WorkerPoolOptions {
  entry: WorkerEntry;
  /** Root-only folder (0700) for the sockets between the main process and its workers. */
  socketDirectory: string;
  /** A worker with nothing in flight for this long exits. */
  idleMs: number;
  startTimeoutMs?: number;
  lookupUser?: (name: string) => SystemUser;
  /** The largest upload handed off to this process (default: the file API's maxUploadBytes). */
  maxUploadBytes?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

interface Worker {
  user: SystemUser;
  child: ChildProcess;
  listener: net.Server;
  socketPath: string;
  agent: http.Agent;
  ready: Promise<void>;
  inFlight: number;
  lastUsed: number;
}

/** Headers that describe one hop, never forwarded (RFC 9110 §7.6.1). */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
]);
/** Never handed to a worker: the token stays in the process that verified it. */
const WITHHELD_HEADERS = new Set(['x-hostdeck', SCOPE_HEADER, HANDOFF_HEADER]);
/**
 * glibc malloc settings of a worker (mallopt(3)). An upload reaches the worker as body chunks of up
 * to 64 KiB that Node's HTTP parser copies into fresh buffers; in glibc's default heap the freed
 * ones leave resident holes that grow from upload to upload (worker peak RSS 98-104 MB over 1 GiB
 * uploads, bench/README.md). Chunks of 32 KiB and more mapped on their own go back to the system
 * when freed, and one arena keeps V8's and libuv's threads from holding heaps of their own: peak
 * 95-97 MB, steady over successive uploads, same throughput. The worker's own children (a database
 * client) get an environment of their own, without these.
 */
const WORKER_MALLOC_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: String(32 * 1024), MALLOC_ARENA_MAX: '1' };
/** A download or an upload whose bytes this process moves itself (worker-protocol.ts HANDOFF_HEADER). */
export type HandOffMode = 'download' | 'upload' | null;
/** Reads of a handed-off download: 4 MiB, fewer trips through the event loop than 1 MiB. */
const HANDOFF_CHUNK_BYTES = 4 * 2 ** 20;

/**
 * One process per Unix user a site token acts as (the main process stays root and keeps the
 * tokens). A worker is the agent started again with `--worker USER`; it drops to the user's uid,
 * gid and groups before it reads anything. The main process forwards a verified request to it
 * over a unix socket in a root-only folder: the main process listens there, connects to itself
 * and passes the accepted end to the worker over the IPC channel, so no other process can ever
 * reach a worker. Workers exit after `idleMs` without work.
 */
export function createWorkerPool(options: WorkerPoolOptions) {
  const lookupUser = options.lookupUser ?? ((name: string) => findSystemUser(name));
  const log = options.log ?? (() => {});
  const workers = new Map<string, Worker>();
  mkdirSync(options.socketDirectory, { recursive: true, mode: 0o700 });
  chmodSync(options.socketDirectory, 0o700);

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const worker of workers.values()) {
        if (worker.inFlight === 0 && now - worker.lastUsed >= options.idleMs) stop(worker, 'idle');
      }
    },
    Math.max(1000, Math.floor(options.idleMs / 4)),
  );
  sweep.unref();

  function stop(worker: Worker, reason: string) {
    if (workers.get(worker.user.name) !== worker) return;
    workers.delete(worker.user.name);
    log('worker stopped', { user: worker.user.name, reason });
    worker.agent.destroy();
    worker.listener.close();
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
  }

  function start(user: SystemUser): Worker {
    // This process's pid in the name: a second agent (an upgrade's new one starting, a benchmark's
    // second agent) must never take over, or remove, the socket of this one's worker.
    const socketPath = path.join(options.socketDirectory, `worker-${process.pid}-${user.uid}.sock`);
    rmSync(socketPath, { force: true });
    const child = fork(options.entry.script, [WORKER_FLAG, user.name], {
      execArgv: options.entry.execArgv,
      // A clean environment: nothing of the main process's leaks to a site user's process.
      env: {
        PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        LANG: 'C.UTF-8',
        HOME: user.home,
        USER: user.name,
        LOGNAME: user.name,
        ...WORKER_MALLOC_ENVIRONMENT,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Paused: the bytes of a connection are read by the worker only, never half by this process.
    const listener = net.createServer({ pauseOnConnect: true }, (socket) => {
      if (!child.connected) return socket.destroy();
      child.send({ type: 'connection' } satisfies WorkerMessage, socket);
    });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the worker for ${user.name} did not start`)),
        options.startTimeoutMs ?? 15_000,
      );
      const listening = new Promise<void>((done) => listener.listen(socketPath, () => done()));
      child.on('message', (message: WorkerMessage) => {
        if (message?.type !== 'ready') return;
        clearTimeout(timer);
        listening.then(resolve, reject);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the worker for ${user.name} exited (${code ?? signal})`));
      });
    });
    ready.catch(() => {});
    const worker: Worker = {
      user,
      child,
      listener,
      socketPath,
      agent: new http.Agent({ keepAlive: true, maxFreeSockets: 4 }),
      ready,
      inFlight: 0,
      lastUsed: Date.now(),
    };
    child.once('exit', (code, signal) => {
      if (workers.get(user.name) === worker) {
        log('worker exited', { user: user.name, code, signal });
        stop(worker, 'exited');
      }
    });
    // Only the main process may connect: the folder is root's, the socket too.
    listener.once('listening', () => chmodSync(socketPath, 0o600));
    workers.set(user.name, worker);
    return worker;
  }

  async function acquire(userName: string): Promise<{ worker: Worker; release: () => void }> {
    let worker = workers.get(userName);
    if (!worker) worker = start(lookupUser(userName));
    worker.inFlight += 1;
    const acquired = worker;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      acquired.inFlight -= 1;
      acquired.lastUsed = Date.now();
    };
    try {
      await worker.ready;
    } catch (error) {
      release();
      stop(worker, 'failed to start');
      throw error;
    }
    return { worker, release };
  }

  return {
    /**
     * Sends a verified request to the worker of `scope.user` and streams the answer back. With
     * `handOff` (a download) the worker only opens and checks the file and this process sends it.
     */
    async forward(
      request: IncomingMessage,
      response: ServerResponse,
      scope: FileScope,
      handOffMode: HandOffMode = null,
    ) {
      const { worker, release } = await acquire(scope.user);
      response.once('close', release);
      if (handOffMode === 'upload') {
        return uploadThroughHandOff(request, response, {
          startExchange: (extra) =>
            http.request({
              socketPath: worker.socketPath,
              agent: worker.agent,
              method: 'POST',
              path: request.url,
              headers: { [SCOPE_HEADER]: JSON.stringify(scope), ...extra },
            }),
          workerPid: worker.child.pid as number,
          maxUploadBytes: options.maxUploadBytes ?? DEFAULT_FILE_API_OPTIONS.maxUploadBytes,
          chunkBytes: DEFAULT_FILE_API_OPTIONS.chunkBytes,
        });
      }
      const handOff = handOffMode === 'download';
      const headers: http.OutgoingHttpHeaders = {
        ...forwardedHeaders(request),
        [SCOPE_HEADER]: JSON.stringify(scope),
      };
      if (handOff) headers[HANDOFF_HEADER] = '1';
      const upstream = http.request({
        socketPath: worker.socketPath,
        agent: worker.agent,
        method: request.method,
        path: request.url,
        headers,
      });
      upstream.on('response', (answer) => {
        const descriptor = answer.headers[HANDOFF_HEADER];
        if (handOff && typeof descriptor === 'string' && /^[0-9]+$/.test(descriptor)) {
          sendHandedOff(worker, Number(descriptor), answer, request, response, () =>
            upstream.destroy(),
          ).catch((error: unknown) => {
            upstream.destroy();
            log('download hand-off failed', { user: scope.user, error: String(error) });
            sendError(response, unavailable());
          });
          return;
        }
        const headers = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)),
        );
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
        response.once('close', () => answer.destroy());
      });
      upstream.on('error', (error) => {
        log('worker request failed', { user: scope.user, error: error.message });
        sendError(response, unavailable());
      });
      // A client that goes away stops the upload or download in the worker too.
      request.once('close', () => {
        if (!request.complete) upstream.destroy();
      });
      request.pipe(upstream);
    },

    /** Hands a verified websocket upgrade to the worker (the raw bytes both ways). */
    async forwardUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, scope: FileScope) {
      const { worker, release } = await acquire(scope.user);
      const upstream = net.connect(worker.socketPath);
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let index = 0; index < request.rawHeaders.length; index += 2) {
        const name = request.rawHeaders[index]!;
        if (!WITHHELD_HEADERS.has(name.toLowerCase()))
          lines.push(`${name}: ${request.rawHeaders[index + 1]}`);
      }
      lines.push(`${SCOPE_HEADER}: ${JSON.stringify(scope)}`, '', '');
      upstream.write(lines.join('\r\n'));
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
      const close = () => {
        release();
        socket.destroy();
        upstream.destroy();
      };
      socket.once('close', close);
      upstream.once('close', close);
      socket.on('error', close);
      upstream.on('error', close);
    },

    /** Users with a running worker (tests, diagnostics). */
    runningUsers(): string[] {
      return [...workers.keys()];
    },

    close() {
      clearInterval(sweep);
      for (const worker of [...workers.values()]) stop(worker, 'shutdown');
    },
  };
}
export type WorkerPool = ReturnType<typeof createWorkerPool>;

/**
 * A download the worker opened (hand-off.ts): this process (root) opens the same open file through
 * /proc, lets the worker close its descriptor, and streams it to the client itself.
 */
async function sendHandedOff(
  worker: Worker,
  descriptor: number,
  answer: IncomingMessage,
  request: IncomingMessage,
  response: ServerResponse,
  closeExchange: () => void,
) {
  let handle;
  let name: string;
  try {
    name = decodeURIComponent(String(answer.headers[HANDOFF_NAME_HEADER] ?? 'download'));
    handle = await open(`/proc/${worker.child.pid}/fd/${descriptor}`, constants.O_RDONLY);
  } finally {
    closeExchange();
  }
  try {
    await serveOpenFile(handle, request, response, {
      contentType: 'application/octet-stream',
      disposition: 'attachment',
      name,
      chunkBytes: HANDOFF_CHUNK_BYTES,
    });
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function forwardedHeaders(request: IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.has(name) || WITHHELD_HEADERS.has(name)) continue;
    headers[name] = value;
  }
  // The body is streamed as it arrives: chunked unless its length is known.
  if (request.headers['transfer-encoding']) headers['transfer-encoding'] = 'chunked';
  return headers;
}
