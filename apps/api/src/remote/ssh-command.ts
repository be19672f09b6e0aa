import { randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import type { Client, ClientChannel } from 'ssh2';
import type { RunOptions, RunResult } from './remote-executor.js';
import {
  CommandCancelledError,
  CommandTimeoutError,
  SshConnectionError,
  type RemoteAddress,
} from './remote-errors.js';
import { killScript, wrapCommand } from './remote-kill.js';

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
  /** The session is closing: kill the remote processes now. */
  kill(): Promise<void>;
}

/**
 * Runs one command on its own exec channel. Resolves with the exit status (a non-zero exit is a
 * result, not an error); rejects with CommandTimeoutError or CommandCancelledError after killing
 * the remote processes, or SshConnectionError when the connection goes away.
 */
export function runCommand(context: CommandContext, options: RunOptions): Promise<RunResult> {
  const { client, address } = context;
  const startedAt = performance.now();
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const runId = randomUUID().replaceAll('-', '');

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

    const idleTimer = setTimeout(
      () => void stop(new CommandTimeoutError('idle', idleTimeoutMs)),
      idleTimeoutMs,
    );
    const totalTimer = setTimeout(
      () => void stop(new CommandTimeoutError('total', totalTimeoutMs)),
      totalTimeoutMs,
    );
    const onAbort = () => void stop(new CommandCancelledError());
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const untrack = context.track({
      connectionEnded: (error) => settle(error),
      kill: () =>
        stop(new CommandCancelledError('The command was cancelled because its session was closed.')),
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

    /** Kills the remote processes, then rejects once the channel is closed (or after a grace period). */
    function stop(error: Error): Promise<void> {
      if (settled || stopError) return Promise.resolve();
      stopError = error;
      clearTimeout(idleTimer);
      clearTimeout(totalTimer);
      graceTimer = setTimeout(() => settle(error), KILL_GRACE_MS);
      return channel ? killRemoteCommand(client, channel, runId) : Promise.resolve();
    }

    function received(text: string, callback: ((chunk: string) => void) | undefined) {
      // refresh() would re-arm a timer that was cleared or has fired.
      if (!stopError && !settled) idleTimer.refresh();
      deliver(text, callback);
    }

    function deliver(text: string, callback: ((chunk: string) => void) | undefined) {
      if (!text || !callback || stopError) return;
      try {
        callback(text);
      } catch (error) {
        // A consumer that cannot take the output any more must not leave the command running unseen.
        void stop(error instanceof Error ? error : new Error(String(error)));
      }
    }

    const lost = (reason: string) =>
      context.connectionError() ?? new SshConnectionError(address, reason, { lost: true });

    try {
      client.exec(wrapCommand(options.command, runId), (error, opened) => {
        if (error) {
          // Still connected: the server refused one more channel (sshd's MaxSessions, 10 by default).
          const refused = new SshConnectionError(
            address,
            `the server refused to start a command (${error.message})`,
          );
          return settle(stopError ?? context.connectionError() ?? refused);
        }
        channel = opened;
        if (stopError || settled) {
          void killRemoteCommand(client, opened, runId);
          return;
        }
        opened.on('data', (chunk: Buffer) => received(stdout.write(chunk), options.onStdout));
        opened.stderr.on('data', (chunk: Buffer) => received(stderr.write(chunk), options.onStderr));
        opened.on('exit', (code: number | null, signal?: string) => {
          exit = { code: typeof code === 'number' ? code : null, signal: signal ?? null };
        });
        opened.on('close', () => {
          deliver(stdout.end(), options.onStdout);
          deliver(stderr.end(), options.onStderr);
          if (stopError) settle(stopError);
          // OpenSSH always reports an exit status before it closes an exec channel: without one, the
          // connection went away under the command.
          else if (exit) settle();
          else settle(lost('the command ended without an exit status'));
        });
        opened.on('error', (channelError: Error) => settle(lost(channelError.message)));
        // Always send EOF: a command that reads its standard input must not wait for more.
        opened.end(options.stdin ?? '');
      });
    } catch (error) {
      // ssh2 throws "Not connected" synchronously when the socket has already gone.
      settle(lost(error instanceof Error ? error.message : String(error)));
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
 * Kills every process of the command, then closes its channel. Resolves when that is done or has
 * become impossible; never rejects.
 *
 * The SSH `signal` request (RFC 4254 §6.9) is sent, but OpenSSH refuses it for root sessions
 * ("session signalling requires privilege separation": post-auth privilege separation is off for
 * root) and closing the channel does not stop a command without a pty either. So the processes
 * carrying the run's marker (see remote-kill.ts) are killed through a second exec channel.
 * That needs a free session slot (sshd's MaxSessions) and a live connection: after a connection
 * loss nothing can reach the command, and sshd lets it run on until it ends by itself.
 */
export function killRemoteCommand(client: Client, channel: ClientChannel, runId: string): Promise<void> {
  sendKillSignal(client, channel);
  return new Promise<void>((resolve) => {
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      channel.close();
      resolve();
    };
    const timer = setTimeout(done, KILL_GRACE_MS);
    try {
      client.exec(killScript(runId), (error, killer) => {
        if (error) return done();
        killer.on('close', done).on('error', done);
        killer.resume();
        killer.stderr.resume();
        killer.end();
      });
    } catch {
      done(); // the connection is gone: nothing can be killed through it any more
    }
  });
}

function sendKillSignal(client: Client, channel: ClientChannel): void {
  const outgoing = (channel as unknown as ChannelInternals).outgoing;
  try {
    // ssh2's Channel.signal() silently does nothing once our side has sent EOF (it checks
    // `writable`), which run() always does; the protocol allows channel requests after EOF.
    if (channel.writable) channel.signal('KILL');
    else if (outgoing?.state === 'eof' && typeof outgoing.id === 'number') {
      (client as unknown as ClientInternals)._protocol?.signal?.(outgoing.id, 'KILL');
    }
  } catch {
    // The connection is already gone: nothing left to signal.
  }
}
