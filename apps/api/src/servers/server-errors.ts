import { ERROR_IDS } from '@hostdeck/contracts';
import { ConflictError, DomainError, ValidationError } from '../domain/errors.js';
import {
  CommandCancelledError,
  CommandTimeoutError,
  formatAddress,
  HostKeyMismatchError,
  SshAuthenticationError,
  SshConnectionError,
} from '../remote/remote-executor.js';
import { SERVER_MESSAGES } from './server-messages.js';
import { UnexpectedOutputError } from './system-info.js';

export { SERVER_MESSAGES };

/** A server-level failure the user can act on (422, shown as the message). */
export class ServerError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.remoteCommand;
}

/** The server is busy with the same kind of work (409). */
export class ServerBusyConflictError extends ConflictError {}

export function fieldError(field: string, message: string, parameters: Record<string, string> = {}) {
  return new ValidationError({ [field]: [message] }, parameters);
}

export interface FailureContext {
  host: string;
  port: number;
  /** How long connecting may take, for the "no answer within" message. */
  connectTimeoutMs: number;
  /**
   * Report connection problems on the connect form's fields (`ip`, `port`, `password`) instead of
   * as a message: the form shows them under the field to fix.
   */
  fields?: boolean;
  /** How a refused key is explained (the connection method decides what the user can do). */
  keyRefusal?: string;
}

/**
 * The user's version of a remote failure. Errors that are not remote failures are returned as
 * they are.
 */
export function describeRemoteFailure(error: unknown, context: FailureContext): unknown {
  const address = formatAddress({ host: context.host, port: context.port });
  const fail = (field: 'ip' | 'port' | 'password', message: string, parameters: Record<string, string>) =>
    context.fields ? fieldError(field, message, parameters) : new ServerError(message, parameters);

  if (error instanceof HostKeyMismatchError) {
    return new ServerError(SERVER_MESSAGES.hostKeyChanged, {
      expected: error.expected,
      actual: error.actual,
    });
  }
  if (error instanceof SshAuthenticationError) {
    if (context.keyRefusal) return new ServerError(context.keyRefusal);
    return fail('password', SERVER_MESSAGES.wrongPassword, {});
  }
  if (error instanceof SshConnectionError) {
    const reason = error.reason;
    if (reason === 'connection refused') return fail('port', SERVER_MESSAGES.refused, { address });
    if (reason.startsWith('timed out')) {
      return fail('ip', SERVER_MESSAGES.timedOut, {
        address,
        seconds: String(Math.round(context.connectTimeoutMs / 1000)),
      });
    }
    if (reason === 'host unreachable') return fail('ip', SERVER_MESSAGES.hostUnreachable, { address });
    if (reason === 'network unreachable') return fail('ip', SERVER_MESSAGES.networkUnreachable, { address });
    if (reason === 'the server closed the connection' || reason === 'connection reset') {
      return fail('ip', SERVER_MESSAGES.closed, { address });
    }
    if (error.message.startsWith('The connection to'))
      return new ServerError(SERVER_MESSAGES.lost, { address });
    return fail('ip', SERVER_MESSAGES.otherConnection, { address, reason });
  }
  if (error instanceof CommandTimeoutError || error instanceof CommandCancelledError) {
    return new ServerError(SERVER_MESSAGES.tooSlow);
  }
  if (error instanceof UnexpectedOutputError) return new ServerError(SERVER_MESSAGES.unreadableOutput);
  return error;
}
