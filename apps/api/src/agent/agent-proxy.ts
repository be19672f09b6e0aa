import http from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AGENT_PORT } from '@hostdeck/contracts';
import { NotFoundError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import { fileCallPath, forwardedQuery } from './agent-proxy-paths.js';
import { agentSocketProxyRoutes } from './agent-socket-proxy.js';

export interface AgentProxyOptions {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  /** The address of a server's agent (its IP), or null when the server is gone. */
  agentAddress(serverId: number): Promise<string | null>;
  /** Origins a proxied websocket may come from (config ALLOWED_ORIGINS), compared exactly. */
  allowedOrigins: readonly string[];
  /** The agent's port; AGENT_PORT except in tests that run a stand-in agent. */
  agentPort?: number;
}

/** Request headers the agent may see: never the panel's cookies or CSRF token. */
const FORWARDED_REQUEST_HEADERS = [
  'x-hostdeck',
  'content-type',
  'content-length',
  'transfer-encoding',
  'range',
  'accept',
];
/** Answer headers passed back to the browser. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'last-modified',
  // The agent's own guards for served files (a view link lives minutes): kept as it sent them.
  'content-security-policy',
  'cache-control',
  'x-content-type-options',
];
const CONNECT_TIMEOUT_MS = 10_000;

type ProxyRequest = FastifyRequest<{ Params: { server: string; '*'?: string } }>;

/**
 * The private file endpoint (spec/001 §7: used when the agent has no https endpoint): the panel
 * streams `/api/servers/{server}/agent/files/…` to the agent's `/files/…` and the answer back,
 * never holding a body in memory (ARCHITECTURE.md, Agent); `…/agent/link` is the agent's `/link`
 * (single-use download and media links, then fetched here as `files/download?…&token=`), and the
 * remote-download progress websocket is relayed too (agent-socket-proxy.ts). The caller needs a
 * session with the `manage` ability on the server, and the agent still checks the X-HostDeck (or
 * link) token. No CSRF token: the call carries the X-HostDeck header, which another site's page
 * cannot set, and the token, which it cannot know; a link names one file and is single-use
 * (a media view link is reusable for minutes, read-only, so a video can seek).
 */
export const agentProxyRoutes: FastifyPluginAsync<AgentProxyOptions> = async (app, options) => {
  const port = options.agentPort ?? AGENT_PORT;
  // Bodies (JSON, multipart uploads of any size) are streamed as they are, not parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  /** The agent's address for the caller, or 404 (a server they cannot manage looks missing). */
  async function agentFor(request: ProxyRequest): Promise<{ serverId: number; address: string }> {
    const serverId = Number(request.params.server);
    if (!Number.isInteger(serverId) || serverId <= 0) throw new NotFoundError();
    await options.policy.authorizeServer(request.user!, serverId, 'files');
    const address = await options.agentAddress(serverId);
    if (!address) throw new NotFoundError();
    return { serverId, address };
  }

  async function forward(request: ProxyRequest, reply: FastifyReply, agentPath: string) {
    const query = forwardedQuery(request.raw.url);
    const { serverId, address } = await agentFor(request);
    const headers: http.OutgoingHttpHeaders = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    // Made before the reply is hijacked: anything it throws still becomes an answer.
    const upstream = http.request({
      host: address,
      port,
      method: request.method,
      path: `${agentPath}${query}`,
      headers,
      timeout: CONNECT_TIMEOUT_MS,
    });
    reply.hijack();
    // The timeout is for connecting only; a kept-alive socket is connected already and would
    // never emit 'connect' again (a slow answer, e.g. a big zip, was cut after 10 s otherwise).
    upstream.once('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => upstream.setTimeout(0));
      else upstream.setTimeout(0);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('The agent did not answer')));
    upstream.on('response', (answer) => {
      const answerHeaders: http.OutgoingHttpHeaders = {};
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) answerHeaders[name] = value;
      }
      reply.raw.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(reply.raw);
      reply.raw.once('close', () => answer.destroy());
    });
    upstream.on('error', (error) => {
      request.log.warn({ err: error, serverId }, 'agent proxy failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(502, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ message: 'The agent did not answer' }));
      } else reply.raw.destroy();
    });
    request.raw.once('close', () => {
      if (!request.raw.complete) upstream.destroy();
    });
    request.raw.pipe(upstream);
  }

  app.route<{ Params: { server: string; '*': string } }>({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    url: '/api/servers/:server/agent/files/*',
    config: { csrf: false },
    handler: async (request, reply) => forward(request, reply, fileCallPath(request.params['*'])),
  });

  app.route<{ Params: { server: string } }>({
    method: 'POST',
    url: '/api/servers/:server/agent/link',
    config: { csrf: false },
    handler: (request, reply) => forward(request, reply, '/link'),
  });

  await app.register(agentSocketProxyRoutes, {
    allowedOrigins: options.allowedOrigins,
    agentPort: port,
    agentFor,
  });
};
