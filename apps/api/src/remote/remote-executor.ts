import type { Duplex } from 'node:stream';
import ssh2, {
  type Client as SshClient,
  type AuthenticationType,
  type AuthHandlerMiddleware,
  type ParsedKey,
} from 'ssh2';
import { hostKeyFingerprint } from './host-key.js';
import {
  CommandCancelledError,
  formatAddress,
  formatDuration,
  HostKeyMismatchError,
  SshAuthenticationError,
  SshConnectionError,
  type RemoteAddress,
} from './remote-errors.js';
import { runCommand, type CommandContext, type TrackedCommand } from './ssh-command.js';

// ssh2 is CommonJS: Node's ESM loader (the bundled panel) sees only its default export.
const { Client, utils } = ssh2;

export * from './remote-errors.js';
export { hostKeyFingerprint, publicKeyFingerprint } from './host-key.js';

/**
 * How the job system runs recipe steps on managed servers. Services receive a RemoteExecutor and
 * never import ssh2 themselves (CONVENTIONS.md), so tests can hand them another implementation.
 */
export interface RemoteTarget {
  host: string;
  port: number;
  username: string;
  auth: { kind: 'password'; password: string } | { kind: 'key'; privateKey: string };
  /** sha256 fingerprint recorded at first contact ("SHA256:base64"), null on first contact */
  knownHostKey: string | null;
}

export interface ConnectOptions {
  /** Until authenticated; default 10 s. */
  connectTimeoutMs?: number;
  /** Called on first contact (knownHostKey null) once authenticated, before connect() resolves. */
  onHostKeyRecorded?(fingerprint: string): void | Promise<void>;
  signal?: AbortSignal;
  /**
   * SSH keepalive period; default 15 s. After 4 unanswered keepalives the connection counts as
   * lost and running commands fail with a retryable SshConnectionError.
   */
  keepaliveIntervalMs?: number;
}

export interface RunOptions {
  command: string;
  stdin?: Buffer | string;
  onStdout?(chunk: string): void;
  onStderr?(chunk: string): void;
  /** No output for this long -> kill; default 5 min. */
  idleTimeoutMs?: number;
  /** Default 30 min. */
  totalTimeoutMs?: number;
  /** Cancellation: sends KILL to the command and closes its channel. */
  signal?: AbortSignal;
}

export interface RunResult {
  exitCode: number | null;
  /** "SIGKILL" etc. when the command was killed by a signal (exitCode is then null). */
  signal: string | null;
  durationMs: number;
}

export interface RemoteSession {
  run(options: RunOptions): Promise<RunResult>;
  /**
   * A raw channel running a fixed `command`, its stdin and stdout as one duplex stream, for a
   * protocol spoken through a command (the Docker Engine API over `docker system dial-stdio`,
   * docker/docker-engine.ts). Never a request's value in `command`. Closed with the session.
   * Optional: test doubles that only run recipes leave it out.
   */
  openStream?(command: string): Promise<Duplex>;
  hostKeyFingerprint: string;
  close(): Promise<void>;
}

export interface RemoteExecutor {
  connect(target: RemoteTarget, options?: ConnectOptions): Promise<RemoteSession>;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
// A dead peer (server powered off, NAT entry dropped) is noticed after about a minute even while
// a command prints nothing.
export const DEFAULT_KEEPALIVE_INTERVAL_MS = 15_000;
const KEEPALIVE_COUNT_MAX = 4;
const CLOSE_GRACE_MS = 2_000;

export function createSshExecutor(): RemoteExecutor {
  return { connect: connectSsh };
}

async function connectSsh(target: RemoteTarget, options: ConnectOptions = {}): Promise<RemoteSession> {
  const address: RemoteAddress = { host: target.host, port: target.port };
  const cancelled = () => new CommandCancelledError(`Connecting to ${formatAddress(address)} was cancelled.`);
  if (options.signal?.aborted) throw cancelled();
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const privateKey = target.auth.kind === 'key' ? parsePrivateKey(target, target.auth.privateKey) : undefined;

  const client = new Client();
  // Listens from the start to the end: an 'error' event without a listener would crash the process.
  let presentedKey: string | undefined;
  let mismatch: HostKeyMismatchError | undefined;
  const connection = watchConnection(client, address, () => mismatch);

  await new Promise<void>((resolve, reject) => {
    const onAbort = () => fail(cancelled());
    const fail = (error: Error) => {
      done();
      client.destroy();
      reject(error);
    };
    const done = () => {
      client
        .removeListener('error', onError)
        .removeListener('close', onClose)
        .removeListener('ready', onReady);
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onError = (error: SshLibraryError) =>
      fail(mismatch ?? classifyConnectError(target, error, timeoutMs));
    const onClose = () =>
      fail(mismatch ?? new SshConnectionError(address, 'the server closed the connection'));
    const onReady = () => {
      done();
      resolve();
    };
    client.on('error', onError).on('close', onClose).on('ready', onReady);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    // Credentials are handed to ssh2 only when it asks for them, which is after the host key was
    // accepted: a server with the wrong key never sees them.
    let offered = false;
    const authHandler: AuthHandlerMiddleware = (_methodsLeft, _partialSuccess, next) => {
      // false = no more methods: ssh2 then fails with level 'client-authentication'.
      if (offered) return next(false as unknown as AuthenticationType);
      offered = true;
      const { username, auth } = target;
      if (auth.kind === 'password') next({ type: 'password', username, password: auth.password });
      else next({ type: 'publickey', username, key: privateKey as ParsedKey });
    };

    try {
      client.connect({
        host: target.host,
        port: target.port,
        username: target.username,
        readyTimeout: timeoutMs,
        keepaliveInterval: options.keepaliveIntervalMs ?? DEFAULT_KEEPALIVE_INTERVAL_MS,
        keepaliveCountMax: KEEPALIVE_COUNT_MAX,
        authHandler,
        hostVerifier: (key: Buffer) => {
          const fingerprint = hostKeyFingerprint(key);
          // On a key re-exchange the server must present the key it presented first.
          const expected = target.knownHostKey ?? presentedKey;
          if (expected !== undefined && fingerprint !== expected) {
            mismatch = new HostKeyMismatchError(target.host, expected, fingerprint);
            return false;
          }
          presentedKey = fingerprint;
          return true;
        },
      });
    } catch (error) {
      fail(classifyConnectError(target, error as SshLibraryError, timeoutMs));
    }
  });

  const session = new SshSession(client, connection, address, presentedKey as string);
  if (target.knownHostKey === null && options.onHostKeyRecorded) {
    try {
      await options.onHostKeyRecorded(session.hostKeyFingerprint);
    } catch (error) {
      await session.close();
      throw error;
    }
  }
  return session;
}

type SshLibraryError = Error & { level?: string; code?: string };

interface ConnectionWatch {
  /** Why the connection ended, once it has. */
  endedWith(): Error | undefined;
  /** Names the reason before ending the connection on purpose. */
  markEnding(reason: Error): void;
  commands: Set<TrackedCommand>;
  closed: Promise<void>;
}

function watchConnection(
  client: SshClient,
  address: RemoteAddress,
  hostKeyMismatch: () => HostKeyMismatchError | undefined,
): ConnectionWatch {
  let lastError: SshLibraryError | undefined;
  let endedWith: Error | undefined;
  let ending: Error | undefined;
  const commands = new Set<TrackedCommand>();
  client.on('error', (error: SshLibraryError) => {
    lastError = error;
  });
  const closed = new Promise<void>((resolve) => {
    client.once('close', () => {
      endedWith =
        ending ??
        hostKeyMismatch() ??
        new SshConnectionError(address, describeLoss(lastError), { lost: true, cause: lastError });
      for (const command of [...commands]) command.connectionEnded(endedWith);
      resolve();
    });
  });
  return {
    endedWith: () => endedWith ?? ending,
    markEnding: (reason) => {
      ending ??= reason;
    },
    commands,
    closed,
  };
}

class SshSession implements RemoteSession {
  private readonly context: CommandContext;

  constructor(
    private readonly client: SshClient,
    private readonly connection: ConnectionWatch,
    address: RemoteAddress,
    readonly hostKeyFingerprint: string,
  ) {
    this.context = {
      client,
      address,
      connectionError: () => connection.endedWith(),
      track: (command) => {
        connection.commands.add(command);
        return () => connection.commands.delete(command);
      },
    };
  }

  run(options: RunOptions): Promise<RunResult> {
    return runCommand(this.context, options);
  }

  openStream(command: string): Promise<Duplex> {
    const ended = this.connection.endedWith();
    if (ended) return Promise.reject(ended);
    return new Promise<Duplex>((resolve, reject) => {
      try {
        this.client.exec(command, (error, channel) => (error ? reject(error) : resolve(channel)));
      } catch (error) {
        // ssh2 throws "Not connected" synchronously once the connection is gone.
        reject(this.connection.endedWith() ?? (error as Error));
      }
    });
  }

  async close(): Promise<void> {
    this.connection.markEnding(
      new CommandCancelledError('The command was cancelled because its session was closed.'),
    );
    // Without a pty, sshd lets a command outlive its connection: kill what still runs first.
    await Promise.all([...this.connection.commands].map((command) => command.kill()));
    this.client.end();
    const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    await Promise.race([this.connection.closed, grace]);
    this.client.destroy();
  }
}

function parsePrivateKey(target: RemoteTarget, privateKey: string): ParsedKey {
  const parsed = utils.parseKey(privateKey);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  // parseKey's message may quote the input; say only what the user can act on.
  if (!key || key instanceof Error || !key.isPrivateKey()) {
    throw new SshAuthenticationError(target.username, target.host, 'the private key could not be read');
  }
  return key;
}

const SOCKET_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  EHOSTDOWN: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
};

function classifyConnectError(target: RemoteTarget, error: SshLibraryError, timeoutMs: number): Error {
  const address = { host: target.host, port: target.port };
  if (error.level === 'client-authentication')
    return new SshAuthenticationError(target.username, target.host);
  if (error.level === 'client-timeout' && /handshake/i.test(error.message)) {
    return new SshConnectionError(address, `timed out after ${formatDuration(timeoutMs)}`, { cause: error });
  }
  if (error.level === 'handshake' || error.level === 'protocol') {
    // No common algorithm, or a peer that does not speak SSH: trying again will not help.
    const lostEarly = /lost before handshake/i.test(error.message);
    return new SshConnectionError(address, lostEarly ? 'the server closed the connection' : error.message, {
      retryable: lostEarly,
      cause: error,
    });
  }
  return new SshConnectionError(address, describeLoss(error), { cause: error });
}

function describeLoss(error: SshLibraryError | undefined): string {
  if (!error) return 'the connection was closed';
  if (error.code && SOCKET_REASONS[error.code]) return SOCKET_REASONS[error.code] as string;
  if (error.level === 'client-timeout') return 'the server stopped answering keepalives';
  return error.message;
}
