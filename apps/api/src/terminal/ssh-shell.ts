import ssh2, { type ClientChannel } from 'ssh2';
import { hostKeyFingerprint } from '../remote/host-key.js';
import type { RemoteTarget } from '../remote/remote-executor.js';

// ssh2 is CommonJS: Node's ESM loader (the bundled panel) sees only its default export.
const { Client } = ssh2;

/** An interactive login shell in a pty on a managed server. */
export interface RemoteShell {
  /** The shell's process id on the server: its session id, which closing hangs up. */
  readonly pid: number;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** Output; `pause()` stops reading it (and, through SSH flow control, the remote pty). */
  onData(listener: (chunk: Buffer) => void): void;
  onClose(listener: () => void): void;
  pause(): void;
  resume(): void;
  /** Hangs up every process of the shell's session, then ends the connection. */
  close(): Promise<void>;
}

export interface OpenShellOptions {
  cols: number;
  rows: number;
  connectTimeoutMs?: number;
  /** First contact (no recorded host key): called with the key the server presented. */
  onHostKeyRecorded?(fingerprint: string): Promise<void>;
}

export type ShellOpener = (target: RemoteTarget, options: OpenShellOptions) => Promise<RemoteShell>;

/**
 * The shell is started by this fixed command (no value of any request is in it): it prints its own
 * pid in a private OSC sequence the gateway strips, then becomes the user's login shell with the
 * same pid. That pid leads the pty's session, so closing can hang up everything started in it,
 * even `nohup` or disowned jobs that a plain SIGHUP of the shell would miss. It marks the pty as
 * UTF-8 first (IUTF8, which ssh2's pty request cannot ask for): without it Backspace in a
 * canonical-mode read (`read`, `cat > file`) erases one byte of a multibyte character.
 */
const PID_PREFIX = '\x1b]7777;hostdeck-pid=';
const SHELL_COMMAND = `printf '\\033]7777;hostdeck-pid=%s\\007' "$$"; stty iutf8 2>/dev/null; exec -l "\${SHELL:-/bin/bash}"`;
/** Wait between SIGHUP and SIGKILL of the session's processes. */
const HANG_UP_GRACE_SECONDS = 2;

/** Opens a login shell over SSH with the panel's credentials for the server (ssh2). */
export const openSshShell: ShellOpener = async (target, options) => {
  const client = new Client();
  let presented: string | undefined;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      client.destroy();
      reject(error);
    };
    client.once('ready', () => resolve());
    client.once('error', fail);
    client.once('close', () => fail(new Error('The server closed the connection')));
    client.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      readyTimeout: options.connectTimeoutMs ?? 10_000,
      keepaliveInterval: 15_000,
      keepaliveCountMax: 4,
      ...(target.auth.kind === 'key'
        ? { privateKey: target.auth.privateKey }
        : { password: target.auth.password }),
      hostVerifier: (key: Buffer) => {
        const fingerprint = hostKeyFingerprint(key);
        const expected = target.knownHostKey ?? presented;
        if (expected !== undefined && fingerprint !== expected) return false;
        presented = fingerprint;
        return true;
      },
    });
  });
  client.removeAllListeners('error').removeAllListeners('close');
  // An 'error' without a listener would crash the process; a lost connection closes the channel.
  client.on('error', () => {});
  try {
    if (target.knownHostKey === null && presented && options.onHostKeyRecorded)
      await options.onHostKeyRecorded(presented);
    const channel = await new Promise<ClientChannel>((resolve, reject) =>
      client.exec(
        SHELL_COMMAND,
        { pty: { cols: options.cols, rows: options.rows, term: 'xterm-256color' } },
        (error, stream) => (error ? reject(error) : resolve(stream)),
      ),
    );
    return await wrapShell(client, channel);
  } catch (error) {
    client.destroy();
    throw error;
  }
};

/** Reads the pid marker, then hands out the channel as a RemoteShell. */
async function wrapShell(client: ssh2.Client, channel: ClientChannel): Promise<RemoteShell> {
  let head = Buffer.alloc(0);
  const { pid, rest } = await new Promise<{ pid: number; rest: Buffer }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The shell did not start')), 15_000);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const text = head.toString('latin1');
      const start = text.indexOf(PID_PREFIX);
      const end = start < 0 ? -1 : text.indexOf('\x07', start);
      if (end < 0) {
        if (head.length > 4096) finish(new Error('The shell did not start'));
        return;
      }
      const value = Number(text.slice(start + PID_PREFIX.length, end));
      if (!Number.isSafeInteger(value) || value <= 1) return finish(new Error('The shell did not start'));
      finish(null, { pid: value, rest: Buffer.concat([head.subarray(0, start), head.subarray(end + 1)]) });
    };
    const onClose = () => finish(new Error('The shell did not start'));
    const finish = (error: Error | null, value?: { pid: number; rest: Buffer }) => {
      clearTimeout(timer);
      channel.removeListener('data', onData).removeListener('close', onClose);
      if (error) reject(error);
      else resolve(value!);
    };
    channel.on('data', onData).on('close', onClose);
  });

  channel.pause();
  let closing: Promise<void> | undefined;
  const closeListeners: (() => void)[] = [];
  channel.once('close', () => {
    // The shell exited on its own (or its connection died): nothing is left to hang up. Set
    // before the listeners run, since they call close(), which must not exec on a dead client.
    closing ??= Promise.resolve().then(() => void client.end());
    for (const listener of closeListeners) listener();
  });

  /** Over a second channel of the same connection: SIGHUP, then SIGKILL, to the whole session. */
  async function hangUp() {
    const script = `pkill -HUP -s ${pid}; sleep ${HANG_UP_GRACE_SECONDS}; pkill -KILL -s ${pid}; true`;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, (HANG_UP_GRACE_SECONDS + 5) * 1000);
      const exec = (callback: Parameters<typeof client.exec>[1]) => {
        try {
          client.exec(script, callback);
        } catch {
          // ssh2 throws "Not connected" synchronously once the connection is gone: the server
          // already ended the session, so there is nothing to hang up.
          clearTimeout(timer);
          resolve();
        }
      };
      exec((error, stream) => {
        if (error) {
          clearTimeout(timer);
          return resolve();
        }
        stream.on('close', () => {
          clearTimeout(timer);
          resolve();
        });
        stream.resume();
      });
    });
  }

  return {
    pid,
    write: (data) => void channel.write(data),
    resize: (cols, rows) => void channel.setWindow(rows, cols, 0, 0),
    onData(listener) {
      if (rest.length > 0) listener(rest);
      channel.on('data', listener);
      channel.resume();
    },
    onClose: (listener) => void closeListeners.push(listener),
    pause: () => void channel.pause(),
    resume: () => void channel.resume(),
    close() {
      closing ??= (async () => {
        try {
          await hangUp();
        } catch {
          // Closing never fails: the finally below ends the connection either way.
        } finally {
          channel.close();
          client.end();
          setTimeout(() => client.destroy(), 2000).unref();
        }
      })();
      return closing;
    },
  };
}
