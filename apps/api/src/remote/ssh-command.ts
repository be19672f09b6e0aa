import { StringDecoder } from 'node:string_decoder';
import type { Client, ClientChannel } from 'ssh2';
import type { RunOptions, RunResult } from './remote-executor.js';
import {
  CommandCancelledError,
  CommandTimeoutError,
  SshConnectionError,
  type RemoteAddress,
} from './remote-errors.js';

export const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 30 * 60_000;
/** How long a killed command's channel gets to report back before run() gives up waiting. */
const KILL_GRACE_MS = 5_000;

/** What a command needs from the session it runs in. */
export interface CommandContext {
  client: Client;
  address: RemoteAddress;
  /** The error that ended the connection, once it has ended. */
  connectionError(): Error | undefined;
  /** Registers a running command with its session; returns the unregister function. */
  track(command: TrackedCommand): () => void;
}

export interface TrackedCommand {
  /** The connection is gone: the command fails with `error`. */
  connectionEnded(error: Error): void;
  /** The session is closing: kill the remote process now. */
  kill(): void;
}

/**
 * Runs one command on its own exec channel. Resolves with the exit status (a non-zero exit is a
 * result, not an error); rejects with CommandTimeoutError or CommandCancelledError after killing
 * the remote process, or SshConnectionError when the connection goes away.
 */
export function runCommand(context: CommandContext, options: RunOptions): Promise<RunResult> {
  const { client, address } = context;
  const startedAt = performance.now();
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;

  const ended = context.connectionError();
  if (ended) return Promise.reject(ended);
  if (options.signal?.aborted) return Promise.reject(new CommandCancelledError());

  return new Promise<RunResult>((resolve, reject) => {
    let channel: ClientChannel | undefined;
    let settled = false;
    let stopError: Error | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let exit: { code: number | null; signal: string | null } | undefined;
    const stdout = new StringDecoder('utf8');
    const stderr = new StringDecoder('utf8');

    const idleTimer = setTimeout(() => stop(new CommandTimeoutError('idle', idleTimeoutMs)), idleTimeoutMs);
    const totalTimer = setTimeout(
      () => stop(new CommandTimeoutError('total', totalTimeoutMs)),
      totalTimeoutMs,
    );
    const onAbort = () => stop(new CommandCancelledError());
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const untrack = context.track({
      connectionEnded: (error) => settle(error),
      kill: () => {
        if (channel) killChannel(client, channel);
      },
    });

    function settle(error?: Error) {
      if (settled) return;
      settled = true;
      clearTimeout(idleTimer);
      clearTimeout(totalTimer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      untrack();
      if (error) reject(error);
      else resolve({ exitCode: exit?.code ?? null, signal: exit?.signal ?? null, durationMs: elapsed() });
    }

    function elapsed() {
      return Math.round(performance.now() - startedAt);
    }

    /** Kills the remote process, then rejects once its channel is closed (or after a grace period). */
    function stop(error: Error) {
      if (settled || stopError) return;
      stopError = error;
      clearTimeout(idleTimer);
      clearTimeout(totalTimer);
      if (channel) killChannel(client, channel);
      graceTimer = setTimeout(() => settle(error), KILL_GRACE_MS);
    }

    function deliver(text: string, callback: ((chunk: string) => void) | undefined) {
      if (!text || !callback || stopError) return;
      try {
        callback(text);
      } catch (error) {
        // A consumer that cannot take the output any more must not leave the command running unseen.
        stop(error instanceof Error ? error : new Error(String(error)));
      }
    }

    try {
      client.exec(options.command, (error, opened) => {
        if (error) {
          settle(context.connectionError() ?? new SshConnectionError(address, error.message, { lost: true }));
          return;
        }
        channel = opened;
        if (stopError || settled) {
          killChannel(client, opened);
          return;
        }
        opened.on('data', (chunk: Buffer) => {
          idleTimer.refresh();
          deliver(stdout.write(chunk), options.onStdout);
        });
        opened.stderr.on('data', (chunk: Buffer) => {
          idleTimer.refresh();
          deliver(stderr.write(chunk), options.onStderr);
        });
        opened.on('exit', (code: number | null, signal?: string) => {
          exit = { code: typeof code === 'number' ? code : null, signal: signal ?? null };
        });
        opened.on('close', () => {
          deliver(stdout.end(), options.onStdout);
          deliver(stderr.end(), options.onStderr);
          if (stopError) settle(stopError);
          else if (exit) settle();
          else {
            // OpenSSH always reports an exit status before closing an exec channel: without one, the
            // connection went away under the command.
            settle(
              context.connectionError() ??
                new SshConnectionError(address, 'the command ended without an exit status', { lost: true }),
            );
          }
        });
        opened.on('error', (channelError: Error) => {
          settle(
            context.connectionError() ??
              new SshConnectionError(address, channelError.message, { lost: true }),
          );
        });
        // Always send EOF: a command that reads its standard input must not wait for more.
        opened.end(options.stdin ?? '');
      });
    } catch (error) {
      // ssh2 throws "Not connected" synchronously when the socket has already gone.
      const message = error instanceof Error ? error.message : String(error);
      settle(context.connectionError() ?? new SshConnectionError(address, message, { lost: true }));
    }
  });
}

interface ChannelInternals {
  outgoing?: { id?: number; state?: string };
}
interface ClientInternals {
  _protocol?: { signal?: (channelId: number, signalName: string) => void };
}

/**
 * Sends KILL to the command and closes its channel. OpenSSH delivers a `signal` request with
 * killpg(), so the whole process group of the command dies, not only its shell.
 *
 * ssh2's Channel.signal() silently does nothing once our side has sent EOF (it checks
 * `writable`), which run() always does right after starting a command; the protocol itself
 * allows channel requests after EOF (RFC 4254 §5.3), so in that state the request goes through
 * ssh2's protocol object directly.
 */
export function killChannel(client: Client, channel: ClientChannel): void {
  const outgoing = (channel as unknown as ChannelInternals).outgoing;
  try {
    if (channel.writable) {
      channel.signal('KILL');
    } else if (outgoing?.state === 'eof' && typeof outgoing.id === 'number') {
      (client as unknown as ClientInternals)._protocol?.signal?.(outgoing.id, 'KILL');
    }
  } catch {
    // The connection is already gone: nothing left to signal.
  }
  channel.close();
}
