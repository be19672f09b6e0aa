import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { websocketOriginCheck } from '../realtime/websocket-origin.js';
import { forwardedQuery } from './agent-proxy-paths.js';

/** The agent's remote-download progress socket (apps/agent/src/files/download-progress.ts). */
export const AGENT_PROGRESS_SOCKET_PATH = '/files/remote-download/ws';
const HANDSHAKE_TIMEOUT_MS = 10_000;

export interface AgentSocketProxyOptions {
  allowedOrigins: readonly string[];
  agentPort: number;
  /** The caller's server and its agent's address; throws NotFoundError (404) otherwise. */
  agentFor(request: FastifyRequest<{ Params: { server: string } }>): Promise<{ address: string }>;
}

/** What the agent opened for a browser, kept between the check and the handler. */
interface OpenedUpstream {
  socket: WebSocket;
  /** Messages the agent sent before the browser's socket was handed over. */
  early: { data: RawData; isBinary: boolean }[];
}

const upstreams = new WeakMap<FastifyRequest, OpenedUpstream>();

/**
 * The remote-download progress websocket through the panel (spec/001 §7 "Download socket", the
 * private endpoint): `/api/servers/{server}/agent/files/remote-download/ws?token&root`, relayed
 * message by message to the agent's socket. In this order, nothing before the previous passed
 * (SECURITY.md, cross-site websockets): the Origin is exactly an allowed one (403); the caller is
 * signed in (the global authentication hook: 401); they may manage the server (404); the agent
 * accepts the token and the Origin (its refusal status is the browser's). Only then is the
 * browser's upgrade accepted. The browser's cookies never reach the agent.
 */
export const agentSocketProxyRoutes: FastifyPluginAsync<AgentSocketProxyOptions> = async (app, options) => {
  const checkOrigin = websocketOriginCheck(options.allowedOrigins, app.log);

  app.get<{ Params: { server: string } }>(
    `/api/servers/:server/agent${AGENT_PROGRESS_SOCKET_PATH}`,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        await checkOrigin(request, reply);
        if (reply.sent) return reply;
        const origin = request.headers.origin!;
        let address: string;
        let query: string;
        try {
          query = forwardedQuery(request.raw.url);
          ({ address } = await options.agentFor(request));
        } catch (error) {
          // Sent, not thrown: the refused upgrade then closes like any reply (404 for a stranger).
          return reply.send(error);
        }
        const host = address.includes(':') ? `[${address}]` : address;
        const token = request.headers['x-hostdeck'];
        const opened = await openUpstream(
          `ws://${host}:${options.agentPort}${AGENT_PROGRESS_SOCKET_PATH}${query}`,
          origin,
          typeof token === 'string' ? token : undefined,
        );
        if ('refused' in opened)
          return reply.code(opened.refused).send({ message: 'The agent refused the connection' });
        upstreams.set(request, opened);
      },
    },
    (socket, request) => {
      const upstream = upstreams.get(request);
      upstreams.delete(request);
      if (!upstream) return socket.close(1011);
      relay(socket, upstream);
    },
  );
};

/** Connects to the agent; its HTTP refusal status (or 502 when it cannot be reached) otherwise. */
function openUpstream(
  url: string,
  origin: string,
  token: string | undefined,
): Promise<OpenedUpstream | { refused: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, {
      origin,
      headers: token ? { 'X-HostDeck': token } : {},
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
      perMessageDeflate: false,
    });
    const early: OpenedUpstream['early'] = [];
    // Kept until relay() takes over: nothing the agent sends first is lost.
    socket.on('message', (data, isBinary) => early.push({ data, isBinary }));
    socket.once('open', () => resolve({ socket, early }));
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      resolve({ refused: response.statusCode && response.statusCode >= 400 ? response.statusCode : 502 });
    });
    socket.on('error', () => resolve({ refused: 502 }));
  });
}

/** Close codes a peer may send (1005, 1006 and 1015 are reserved for local use). */
const sendableCode = (code: number) =>
  code === 1000 || (code >= 1001 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || code >= 3000
    ? code
    : 1000;

/** Both ways, message by message; either side closing closes the other. */
function relay(browser: WebSocket, { socket: agent, early }: OpenedUpstream) {
  agent.removeAllListeners('message');
  agent.removeAllListeners('error');
  for (const { data, isBinary } of early.splice(0)) browser.send(data, { binary: isBinary });
  agent.on('message', (data, isBinary) => {
    if (browser.readyState === WebSocket.OPEN) browser.send(data, { binary: isBinary });
  });
  browser.on('message', (data, isBinary) => {
    if (agent.readyState === WebSocket.OPEN) agent.send(data, { binary: isBinary });
  });
  agent.on('close', (code, reason) => {
    if (browser.readyState === WebSocket.OPEN) browser.close(sendableCode(code), reason);
  });
  agent.on('error', () => browser.terminate());
  browser.on('close', () => {
    if (agent.readyState === WebSocket.OPEN || agent.readyState === WebSocket.CONNECTING) agent.close();
  });
  browser.on('error', () => agent.terminate());
  // Either side closed while the browser's upgrade was being accepted.
  if (browser.readyState !== WebSocket.OPEN) agent.terminate();
  else if (agent.readyState !== WebSocket.OPEN) browser.close(1011);
}
