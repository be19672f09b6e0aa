import http from 'node:http';
import type { Duplex } from 'node:stream';
import Docker from 'dockerode';
import { DomainError } from '../domain/errors.js';
import type { RemoteExecutor, RemoteSession } from '../remote/remote-executor.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';

/**
 * The Docker Engine API of a managed server, reached through the server's SSH connection: every
 * HTTP connection of the client is one `docker system dial-stdio` channel (the Docker CLI's own
 * way to reach the daemon over SSH), so the panel gets the Engine's JSON and streams and Docker's
 * socket is never opened to the network. The client is dockerode (maintained, and it knows the
 * Engine's stream framing: `modem.demuxStream`, `followProgress`).
 *
 * The command is a constant: no value of any request is ever in it. Names and ids travel in the
 * Engine API's URL path and JSON, which dockerode encodes; the area's grammars check them first.
 */
export const DIAL_STDIO_COMMAND = 'docker system dial-stdio';

const CONNECT_TIMEOUT_MS = 10_000;

/** An open engine: the client, and what closes it (the SSH session with every channel). */
export interface DockerEngine {
  readonly docker: Docker;
  close(): Promise<void>;
}

/** The messages of an engine that cannot be reached (English; the area's vi.ts translates them). */
export const DOCKER_ENGINE_MESSAGES = {
  notInstalled: 'Docker is not installed on this server.',
  notRunning: 'The Docker daemon is not running on this server. Start it on the Services page.',
  unreachable: 'The Docker daemon did not answer: {detail}',
} as const;

/**
 * An http.Agent whose connections are dial-stdio channels of one SSH session, kept alive between
 * requests: starting `docker system dial-stdio` costs a Docker CLI start (about 100 ms), so a
 * channel serves request after request (HTTP/1.1 keep-alive) and the agent opens a new one only
 * when all of them are busy (a log or stats stream holds its own until it ends).
 */
export class DialStdioAgent extends http.Agent {
  constructor(private readonly open: () => Promise<Duplex>) {
    super({ keepAlive: true, maxFreeSockets: 4 });
  }

  override createConnection(
    _options: http.ClientRequestArgs,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): undefined {
    this.open().then(
      (stream) => callback?.(null, asSocket(stream)),
      // Node's Agent reads only the error when there is one.
      (error: Error) => callback?.(error, undefined as unknown as Duplex),
    );
    return undefined;
  }
}

/**
 * What Node's Agent calls on a kept-alive socket beyond the Duplex an SSH channel is (timeouts,
 * keep-alive probes, ref counting): nothing to do on a channel, whose connection SSH keeps alive.
 */
function asSocket(stream: Duplex): Duplex {
  const socket = stream as Duplex & Record<string, unknown>;
  for (const method of ['setKeepAlive', 'setNoDelay', 'setTimeout', 'ref', 'unref']) {
    if (typeof socket[method] !== 'function') socket[method] = () => socket;
  }
  return socket;
}

/** A dockerode client over `openStream` (a session's channel opener). */
export function dockerOverStreams(openStream: () => Promise<Duplex>): Docker {
  // The host and port only fill the HTTP request line; the agent decides where bytes go.
  return new Docker({
    protocol: 'http',
    host: 'docker',
    port: 80,
    agent: new DialStdioAgent(openStream),
  } as Docker.DockerOptions);
}

/** Opens the engine of one session (the caller owns the session and closes it). */
export function dockerOfSession(session: RemoteSession): Docker {
  const openStream = session.openStream?.bind(session);
  if (!openStream) throw new Error('This remote session cannot open streams');
  return dockerOverStreams(() => openStream(DIAL_STDIO_COMMAND));
}

/**
 * Opens server `serverId`'s engine: one SSH session (its key, the host key checked as for events),
 * then a ping through it. A server without Docker, or with its daemon stopped, is a ServerError a
 * user can act on. The caller checks the caller's rights first and closes the engine when done
 * (a stream's engine when the stream ends).
 */
export function createDockerEngines(options: {
  executor: RemoteExecutor;
  connections: Pick<ServerConnections, 'resolveTarget' | 'recordHostKey'>;
}) {
  async function open(serverId: number): Promise<DockerEngine> {
    const target = await options.connections.resolveTarget(serverId).catch((error: unknown) => {
      // A row without credentials (never connected): what the user can act on.
      if (error instanceof DomainError) throw error;
      throw new ServerError(SERVER_MESSAGES.notConnected);
    });
    let session: RemoteSession | undefined;
    try {
      session = await options.executor.connect(target, {
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        onHostKeyRecorded: (fingerprint) => options.connections.recordHostKey(serverId, fingerprint),
      });
    } catch (error) {
      throw describeRemoteFailure(error, {
        host: target.host,
        port: target.port,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        ...(target.auth.kind === 'key' ? { keyRefusal: SERVER_MESSAGES.keyRefused } : {}),
      });
    }
    const opened = session;
    const docker = dockerOfSession(opened);
    try {
      await docker.ping();
    } catch {
      const reason = await diagnose(opened);
      await opened.close().catch(() => {});
      throw reason;
    }
    return { docker, close: () => opened.close().catch(() => {}) };
  }

  return {
    open,
    /** Opens the engine, runs `use`, and closes it whatever happens. */
    async with<T>(serverId: number, use: (docker: Docker) => Promise<T>): Promise<T> {
      const engine = await open(serverId);
      try {
        return await use(engine.docker);
      } finally {
        await engine.close();
      }
    },
  };
}
export type DockerEngines = ReturnType<typeof createDockerEngines>;

/** Why the ping failed: no docker CLI, a stopped daemon, or the daemon's own words. */
async function diagnose(session: RemoteSession): Promise<ServerError> {
  let output = '';
  const result = await session
    .run({
      // A constant command: is the CLI there, and what does it say about the daemon?
      command: 'command -v docker >/dev/null 2>&1 || exit 127; docker version --format "{{.Server.Version}}"',
      onStdout: (chunk) => void (output += chunk),
      onStderr: (chunk) => void (output += chunk),
      totalTimeoutMs: 15_000,
      idleTimeoutMs: 15_000,
    })
    .catch(() => null);
  if (result?.exitCode === 127) return new ServerError(DOCKER_ENGINE_MESSAGES.notInstalled);
  if (/Cannot connect to the Docker daemon|docker\.sock/i.test(output))
    return new ServerError(DOCKER_ENGINE_MESSAGES.notRunning);
  return new ServerError(DOCKER_ENGINE_MESSAGES.unreachable, {
    detail: output.trim().split('\n').slice(-1)[0]?.slice(0, 300) ?? '',
  });
}
