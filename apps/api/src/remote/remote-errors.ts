import { ERROR_IDS } from '@hostdeck/contracts';
import { DomainError } from '../domain/errors.js';

/** Stable machine-readable identifiers of the remote execution failures. */
export const REMOTE_ERROR_CODES = {
  connection: 'ssh_connection_failed',
  authentication: 'ssh_authentication_failed',
  hostKeyMismatch: 'ssh_host_key_mismatch',
  commandTimeout: 'remote_command_timeout',
  commandCancelled: 'remote_command_cancelled',
} as const;
export type RemoteErrorCode = (typeof REMOTE_ERROR_CODES)[keyof typeof REMOTE_ERROR_CODES];

/**
 * A failure of SSH transport or of a command's lifetime (not a command's own non-zero exit:
 * that is a RunResult, and the job system turns it into a RemoteCommandError).
 *
 * `retryable` tells the job system whether running an idempotent step again may succeed
 * (ARCHITECTURE.md: only after transport failures). Status 422 rather than 5xx because the
 * browser replaces the message of a 5xx with "Something went wrong!" (spec/000 §8), and these
 * messages are what the user needs to act. Messages never contain a password or a key.
 */
export abstract class RemoteError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.remoteCommand;
  abstract readonly code: RemoteErrorCode;
  abstract readonly retryable: boolean;
}

export interface RemoteAddress {
  host: string;
  port: number;
}

export function formatAddress({ host, port }: RemoteAddress): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Refused, unreachable, timed out, reset, or lost after connecting. */
export class SshConnectionError extends RemoteError {
  readonly code = REMOTE_ERROR_CODES.connection;
  readonly retryable: boolean;
  constructor(
    address: RemoteAddress,
    readonly reason: string,
    options: { retryable?: boolean; lost?: boolean; cause?: unknown } = {},
  ) {
    const where = formatAddress(address);
    super(
      options.lost
        ? `The connection to ${where} was lost: ${reason}`
        : `Could not connect to ${where}: ${reason}`,
      {
        host: address.host,
        port: address.port,
        reason,
      },
    );
    this.retryable = options.retryable ?? true;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

export class SshAuthenticationError extends RemoteError {
  readonly code = REMOTE_ERROR_CODES.authentication;
  readonly retryable = false;
  constructor(username: string, host: string, reason = 'wrong password or key') {
    super(`Authentication failed for ${username}@${host}: ${reason}`, { username, host, reason });
  }
}

/** The server presented another key than the one recorded at first contact; no credentials were sent. */
export class HostKeyMismatchError extends RemoteError {
  readonly code = REMOTE_ERROR_CODES.hostKeyMismatch;
  readonly retryable = false;
  constructor(
    readonly host: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `The server's host key has changed (expected ${expected}, got ${actual}). If you reinstalled the server or changed its keys, ` +
        'reset the recorded host key (SSH page, SSH settings tab) and connect again; otherwise someone may be intercepting the connection.',
      { host, expected, actual },
    );
  }
}

export type CommandTimeoutKind = 'idle' | 'total';

/** The command was killed: silent for too long (`idle`) or running for too long (`total`). */
export class CommandTimeoutError extends RemoteError {
  readonly code = REMOTE_ERROR_CODES.commandTimeout;
  // The command may have done part of its work; whether to run it again is the step's business.
  readonly retryable = false;
  constructor(
    readonly kind: CommandTimeoutKind,
    readonly afterMs: number,
  ) {
    const after = formatDuration(afterMs);
    super(
      kind === 'idle'
        ? `The command was stopped after producing no output for ${after}.`
        : `The command was stopped because it did not finish within ${after}.`,
      { after },
    );
  }
}

export class CommandCancelledError extends RemoteError {
  readonly code = REMOTE_ERROR_CODES.commandCancelled;
  readonly retryable = false;
  constructor(message = 'The command was cancelled.') {
    super(message);
  }
}

/** "300 ms", "1.5 seconds", "5 minutes", "2 hours". */
export function formatDuration(ms: number): string {
  const units: [limit: number, size: number, name: string][] = [
    [60_000, 1_000, 'second'],
    [3_600_000, 60_000, 'minute'],
    [Infinity, 3_600_000, 'hour'],
  ];
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  for (const [limit, size, name] of units) {
    if (ms < limit) {
      const value = Math.round((ms / size) * 10) / 10;
      return `${value} ${name}${value === 1 ? '' : 's'}`;
    }
  }
  return `${ms} ms`;
}
