import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import {
  AGENT_METRICS_PATH,
  AGENT_REVOKE_PATH,
  parseAgentRevokeRequest,
  type AgentConfig,
  type AgentOperation,
  type AgentTokenPayload,
} from '@hostdeck/contracts/agent-protocol';
import { AGENT_VERSION } from '@hostdeck/contracts/agent-version';
import { applyCors } from './cors.js';
import { pathKeyOf } from './files/path-cipher.js';
import { AgentRequestError } from './errors.js';
import { verifyLink, type LinkSigner } from './links.js';
import type { MetricsSampler } from './metrics/metrics-sampler.js';
import { isInsideRoot } from './paths.js';
import type { FileHandlers, FileScope } from './scope.js';
import type { DirectTerminal } from './terminal/direct-terminal.js';
import { AgentAuthError, type TokenVerifier } from './tokens.js';
import { UnknownUserError } from './workers/system-users.js';
import { HANDOFF_HEADER } from './workers/worker-protocol.js';
import type { HandOffMode, WorkerPool } from './workers/worker-pool.js';

export interface AgentServerOptions {
  config: AgentConfig;
  verifier: TokenVerifier;
  files: FileHandlers;
  terminal: DirectTerminal;
  links: LinkSigner;
  /** The resource samples GET /metrics answers from (issue 23 point 4). */
  metrics: Pick<MetricsSampler, 'intervalSeconds' | 'since'>;
  /** Per-user workers; null when the agent does not run as root (it then serves its own user only). */
  workers: Pick<WorkerPool, 'forward' | 'forwardUpgrade'> | null;
  /** The Unix user this process runs as: its tokens are served in-process. */
  currentUser: string;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** File calls that only read; every other /files/ call needs `files:write`. */
const READ_CALLS = new Set(['/files/list', '/files/view', '/files/download']);
/** Calls a link (query `token`, links.ts) may make: a download, or a media view (spec/001 §7). */
const LINK_CALLS = new Set(['/files/download', '/files/view']);
const TOKEN_HEADER = 'x-hostdeck';

/**
 * The agent's HTTP(S) server on config.port (spec/001 §7, ARCHITECTURE.md Agent):
 * - GET /version, public;
 * - /files/* with a panel token in X-HostDeck (or a single-use link token in the query for a
 *   download or media view), run by the user's worker when the agent runs as root (root's calls
 *   too), else in this process for its own user;
 * - POST /link: a download or media view link for one file of the caller's root (links.ts);
 * - POST /tokens/revoke: the panel's single-use `tokens:revoke` token; the named file tokens are
 *   refused from then on (a member who lost access, issue 22 point 3);
 * - GET /metrics?since=<Unix ms>: the panel's single-use `metrics:read` token; the resource samples
 *   taken after that time (issue 23 point 4);
 * - /direct: the terminal websocket, Origin checked exactly, then the single-use token, then the shell.
 */
export function createAgentServer(options: AgentServerOptions): http.Server {
  const log = options.log ?? (() => {});
  const { config } = options;

  async function serveFiles(request: IncomingMessage, response: ServerResponse, url: URL) {
    const header = request.headers[TOKEN_HEADER];
    const queryToken = url.searchParams.get('token');
    let payload: AgentTokenPayload;
    if (
      typeof header !== 'string' &&
      queryToken &&
      request.method === 'GET' &&
      LINK_CALLS.has(url.pathname)
    ) {
      payload = verifyLink(options.verifier, queryToken, url);
    } else {
      const operation: AgentOperation = READ_CALLS.has(url.pathname) ? 'files:read' : 'files:write';
      payload = options.verifier.verify(typeof header === 'string' ? header : null, operation);
    }
    requireQueryRootInside(url, payload.root);
    const scope: FileScope = {
      root: payload.root,
      user: payload.user,
      canWrite: payload.ops.includes('files:write'),
      // Workers never see the token (worker-pool.ts withholds it): they get this key instead.
      ...(typeof header === 'string' ? { pathKey: pathKeyOf(header) } : {}),
    };
    // As root every call goes to a worker, root's own too: the file API (zod, the archive
    // libraries) then never loads into the main process, which stays small (issue 6: idle ≤ 50 MB).
    if (options.workers) {
      // Only for the worker of this process's own user (root): opening a worker's descriptor
      // through /proc as root must never reach more than that worker itself could.
      return options.workers.forward(request, response, scope, handOffMode(request, url, scope));
    }
    delete request.headers[HANDOFF_HEADER];
    if (scope.user !== options.currentUser)
      throw new AgentAuthError(403, 'This agent cannot act as another user');
    return options.files.handleFileRequest(request, response, scope);
  }

  /** A download or an upload by this process's own user: its bytes skip the socket to the worker. */
  function handOffMode(request: IncomingMessage, url: URL, scope: FileScope): HandOffMode {
    if (scope.user !== options.currentUser) return null;
    if (url.pathname === '/files/download' && request.method === 'GET') return 'download';
    if (url.pathname === '/files/upload' && request.method === 'POST' && scope.canWrite) return 'upload';
    return null;
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://agent');
    const allowed = applyCors(request, response, config.allowedOrigins);
    if (request.method === 'OPTIONS') {
      response.writeHead(allowed ? 204 : 403).end();
      return;
    }
    if (url.pathname === '/version' && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendJson(response, 200, { version: AGENT_VERSION });
    }
    if (url.pathname === '/link' && request.method === 'POST') {
      const payload = options.verifier.verify(headerToken(request), 'files:read');
      return sendJson(response, 200, { token: options.links.sign(payload, await readJson(request)) });
    }
    if (url.pathname === AGENT_REVOKE_PATH && request.method === 'POST') {
      options.verifier.verify(headerToken(request), 'tokens:revoke');
      const revocation = parseAgentRevokeRequest(await readJson(request));
      if (!revocation) throw new AgentRequestError(400, 'Invalid revocation');
      options.verifier.revoke(revocation.tokens);
      log('tokens revoked', { count: revocation.tokens.length });
      return sendJson(response, 200, { revoked: revocation.tokens.length });
    }
    if (url.pathname === AGENT_METRICS_PATH && request.method === 'GET') {
      options.verifier.verify(headerToken(request), 'metrics:read');
      const since = Number(url.searchParams.get('since') ?? '0');
      if (!Number.isSafeInteger(since) || since < 0) throw new AgentRequestError(400, 'Invalid since');
      return sendJson(response, 200, {
        interval: options.metrics.intervalSeconds,
        samples: options.metrics.since(since),
      });
    }
    if (url.pathname.startsWith('/files/')) return serveFiles(request, response, url);
    sendJson(response, 404, { message: 'Not Found' });
  }

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://agent');
    // SECURITY.md, cross-site websockets: the exact Origin first, before any token or shell.
    const origin = request.headers.origin;
    if (!origin || !config.allowedOrigins.includes(origin)) {
      log('websocket refused: origin', { origin: origin ?? null, path: url.pathname });
      return refuseUpgrade(socket, 403);
    }
    if (url.pathname === '/direct') {
      const payload = options.verifier.verify(url.searchParams.get('token'), 'terminal');
      return options.terminal.handleUpgrade(request, socket, head, payload.user);
    }
    if (url.pathname.startsWith('/files/')) {
      // Browsers cannot set headers on a websocket: the token may come in the query here.
      const token = headerToken(request) ?? url.searchParams.get('token');
      const payload = options.verifier.verify(token, 'files:write');
      requireQueryRootInside(url, payload.root);
      const scope: FileScope = { root: payload.root, user: payload.user, canWrite: true };
      if (options.workers) return options.workers.forwardUpgrade(request, socket, head, scope);
      if (scope.user !== options.currentUser)
        throw new AgentAuthError(403, 'This agent cannot act as another user');
      return options.files.handleFileUpgrade(request, socket, head, scope);
    }
    refuseUpgrade(socket, 404);
  }

  const handler = (request: IncomingMessage, response: ServerResponse) => {
    onRequest(request, response).catch((error: unknown) => {
      const status = statusOf(error);
      if (status === 500) log('request failed', { path: request.url?.split('?')[0], error: String(error) });
      if (response.headersSent) return response.destroy();
      sendJson(response, status, { message: status === 500 ? 'Server Error' : (error as Error).message });
    });
  };
  const server = config.tls
    ? https.createServer({ cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key) }, handler)
    : http.createServer(handler);
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    onUpgrade(request, socket, head).catch((error: unknown) => {
      const status = statusOf(error);
      if (status === 500) log('upgrade failed', { path: request.url?.split('?')[0], error: String(error) });
      refuseUpgrade(socket, status);
    });
  });
  // Uploads and downloads of large files take long; idle connections still end.
  server.requestTimeout = 0;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 10_000;
  return server;
}

function headerToken(request: IncomingMessage): string | null {
  const value = request.headers[TOKEN_HEADER];
  return typeof value === 'string' ? value : null;
}

/** A `root` in the query must be the token's root or inside it (the file handlers check bodies). */
function requireQueryRootInside(url: URL, tokenRoot: string) {
  const root = url.searchParams.get('root');
  if (root === null) return;
  if (!isInsideRoot(tokenRoot, root)) throw new AgentAuthError(403, 'This token does not reach that folder');
}

function statusOf(error: unknown): number {
  if (error instanceof AgentAuthError || error instanceof AgentRequestError) return error.status;
  if (error instanceof UnknownUserError) return 403;
  return 500;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
};

function refuseUpgrade(socket: Duplex, status: number) {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** A small JSON body (the /link and /tokens/revoke calls). */
async function readJson(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // AGENT_REVOKE_MAX_TOKENS revocations of about 80 bytes each fit.
    if (size > 64 * 1024) throw new AgentRequestError(413, 'The request is too large');
    chunks.push(chunk);
  }
  if (chunks.length === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new AgentRequestError(400, 'The body is not JSON');
  }
}
