import { utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import {
  CommandCancelledError,
  CommandTimeoutError,
  createSshExecutor,
  HostKeyMismatchError,
  SshAuthenticationError,
  SshConnectionError,
  type RemoteSession,
  type RemoteTarget,
  type RunOptions,
} from './remote-executor.js';

const SERVER_NAME = 'rx1';
const executor = createSshExecutor();
let server: TestServer;
let hostKey: string;
let session: RemoteSession;

function passwordTarget(overrides: Partial<RemoteTarget> = {}): RemoteTarget {
  return {
    host: server.address,
    port: server.port,
    username: 'root',
    auth: { kind: 'password', password: server.password },
    knownHostKey: hostKey,
    ...overrides,
  };
}

/** The command lines of the server's processes matching `pattern` (pgrep -f). */
async function processesMatching(pattern: string): Promise<string[]> {
  const result = await runOnTestServer(server, ['pgrep', '-af', pattern]);
  return result.stdout.split('\n').filter(Boolean);
}

/** Runs a command and collects what a job would stream, in arrival order. */
async function collect(target: RemoteSession, options: RunOptions) {
  const chunks: { stream: 'stdout' | 'stderr'; text: string; atMs: number }[] = [];
  const startedAt = Date.now();
  const result = await target.run({
    ...options,
    onStdout: (text) => chunks.push({ stream: 'stdout', text, atMs: Date.now() - startedAt }),
    onStderr: (text) => chunks.push({ stream: 'stderr', text, atMs: Date.now() - startedAt }),
  });
  const text = (stream: 'stdout' | 'stderr') =>
    chunks
      .filter((chunk) => chunk.stream === stream)
      .map((chunk) => chunk.text)
      .join('');
  return { result, chunks, stdout: text('stdout'), stderr: text('stderr') };
}

beforeAll(async () => {
  server = await bootTestServer(SERVER_NAME);
  // What OpenSSH itself says the server's key is (ssh2 negotiates ssh-ed25519 first).
  const keygen = await runOnTestServer(server, ['ssh-keygen', '-lf', '/etc/ssh/ssh_host_ed25519_key.pub']);
  hostKey = keygen.stdout.split(' ')[1] ?? '';
  expect(hostKey).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
});

afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER_NAME);
});

describe('RemoteExecutor over SSH on a test server', () => {
  it('connects with the password, recording the host key at first contact', async () => {
    const recorded: string[] = [];
    const startedAt = performance.now();
    session = await executor.connect(passwordTarget({ knownHostKey: null }), {
      onHostKeyRecorded: (fingerprint) => void recorded.push(fingerprint),
    });
    const connectMs = performance.now() - startedAt;
    expect(recorded).toEqual([hostKey]);
    expect(session.hostKeyFingerprint).toBe(hostKey);
    expect(connectMs).toBeLessThan(5_000);

    const { result, stdout } = await collect(session, { command: 'id -un; hostname' });
    expect(result).toMatchObject({ exitCode: 0, signal: null });
    expect(stdout).toBe(`root\n${SERVER_NAME}\n`);
  });

  it('streams stdout and stderr as they arrive, in order, with the exit code', async () => {
    const { result, chunks, stdout, stderr } = await collect(session, {
      command: 'for i in 1 2 3; do echo $i; sleep 0.2; done; echo err >&2; exit 3',
    });
    expect(result.exitCode).toBe(3);
    expect(result.signal).toBeNull();
    expect(stdout).toBe('1\n2\n3\n');
    expect(stderr).toBe('err\n');
    // "1" arrived while the command was still running, and stderr after the last stdout line.
    expect(chunks[0]).toMatchObject({ stream: 'stdout', text: '1\n' });
    expect(chunks[0]!.atMs).toBeLessThan(result.durationMs - 300);
    expect(chunks.at(-1)).toMatchObject({ stream: 'stderr', text: 'err\n' });
    expect(result.durationMs).toBeGreaterThanOrEqual(600);
  });

  it('delivers stdin, and decodes multibyte characters split across packets', async () => {
    const echoed = await collect(session, { command: 'cat', stdin: 'mật khẩu: ễ\n' });
    expect(echoed.stdout).toBe('mật khẩu: ễ\n');

    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const counted = await collect(session, { command: 'wc -c', stdin: big });
    expect(counted.stdout.trim()).toBe(String(big.length));

    // 3-byte characters in 32 KiB packets: chunk boundaries fall inside characters.
    const wide = await collect(session, { command: "yes 'ễ' | head -n 100000 | tr -d '\\n'" });
    expect(wide.chunks.length).toBeGreaterThan(1);
    expect(wide.stdout).toBe('ễ'.repeat(100_000));
  });

  it('connects with an Ed25519 key installed through a run', async () => {
    const pair = utils.generateKeyPairSync('ed25519', { comment: 'hostdeck-test' });
    const install = await session.run({
      command: 'umask 077 && mkdir -p /root/.ssh && cat >> /root/.ssh/authorized_keys',
      stdin: `${pair.public}\n`,
    });
    expect(install.exitCode).toBe(0);

    const withKey = await executor.connect(
      passwordTarget({ auth: { kind: 'key', privateKey: pair.private } }),
    );
    try {
      const { stdout } = await collect(withKey, { command: 'id -un' });
      expect(stdout).toBe('root\n');
    } finally {
      await withKey.close();
    }
  });

  it('refuses a server whose host key changed, before authenticating', async () => {
    const authLogBefore = await authenticationLog();
    expect(authLogBefore.join('\n')).toContain('Accepted password for root'); // the log is there to read
    const wrongKey = 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    // With a wrong password as well: had credentials been sent, this would be an authentication failure.
    const error = await executor
      .connect(passwordTarget({ knownHostKey: wrongKey, auth: { kind: 'password', password: 'not-it' } }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostKeyMismatchError);
    expect((error as Error).message).toBe(
      `The server's host key has changed (expected ${wrongKey}, got ${hostKey}). If you reinstalled the server or changed its keys, ` +
        'reset the recorded host key (SSH page, SSH settings tab) and connect again; otherwise someone may be intercepting the connection.',
    );
    // sshd saw no authentication attempt.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await authenticationLog()).toEqual(authLogBefore);
  });

  it('reports a wrong password as an authentication failure', async () => {
    const error = await executor
      .connect(passwordTarget({ auth: { kind: 'password', password: 'wrong-password-123' } }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SshAuthenticationError);
    expect((error as SshAuthenticationError).retryable).toBe(false);
    expect((error as Error).message).toBe(
      `Authentication failed for root@${server.address}: wrong password or key`,
    );
  });

  it('reports a closed port as a retryable connection failure', async () => {
    const error = await executor.connect(passwordTarget({ port: 2 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SshConnectionError);
    expect((error as SshConnectionError).retryable).toBe(true);
    expect((error as Error).message).toBe(`Could not connect to ${server.address}:2: connection refused`);
    expect((error as Error).message).not.toContain(server.password);
  });

  it('kills a command that stays silent past the idle timeout', async () => {
    const stdout: string[] = [];
    const startedAt = Date.now();
    const error = await session
      .run({
        command: 'echo started; sleep 313',
        idleTimeoutMs: 1_000,
        onStdout: (text) => stdout.push(text),
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandTimeoutError);
    expect(error).toMatchObject({ kind: 'idle', afterMs: 1_000 });
    expect((error as Error).message).toBe('The command was stopped after producing no output for 1 second.');
    expect(stdout.join('')).toBe('started\n');
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    expect(await processesMatching('sleep 31[3]')).toEqual([]);
  });

  it('kills a command that runs past the total timeout, even while it prints', async () => {
    const error = await session
      .run({
        command: 'while true; do echo tick-314; sleep 0.1; done',
        totalTimeoutMs: 1_000,
        idleTimeoutMs: 500,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandTimeoutError);
    expect(error).toMatchObject({ kind: 'total', afterMs: 1_000 });
    expect(await processesMatching('tick-31[4]')).toEqual([]);
  });

  it('cancels a command through its AbortSignal, killing its whole process tree', async () => {
    const controller = new AbortController();
    const running = session.run({
      // A child in its own session too: a process group kill would miss it.
      command: 'setsid sleep 315 & sleep 316; echo never',
      signal: controller.signal,
    });
    await waitFor(async () => (await processesMatching('^sleep 31[56]$')).length === 2);
    const cancelledAt = Date.now();
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(CommandCancelledError);
    expect(Date.now() - cancelledAt).toBeLessThan(3_000);
    expect(await processesMatching('sleep 31[56]')).toEqual([]);

    // The session itself stays usable.
    const { stdout } = await collect(session, { command: 'echo still here' });
    expect(stdout).toBe('still here\n');
  });

  it('refuses to start a command whose signal is already aborted', async () => {
    await expect(
      session.run({ command: 'touch /root/should-not-exist', signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(CommandCancelledError);
    expect((await runOnTestServer(server, ['test', '-e', '/root/should-not-exist'])).code).toBe(1);
  });

  it('runs commands side by side on one session', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => collect(session, { command: `sleep 0.3; echo ${n}` })),
    );
    expect(results.map((result) => result.stdout)).toEqual(['1\n', '2\n', '3\n']);
  });

  it('kills what still runs when the session is closed', async () => {
    const closing = await executor.connect(passwordTarget());
    const outcome = closing.run({ command: 'sleep 317' }).catch((caught: unknown) => caught);
    await waitFor(async () => (await processesMatching('^sleep 31[7]$')).length === 1);
    await closing.close();
    expect(await outcome).toBeInstanceOf(CommandCancelledError);
    expect(await processesMatching('sleep 31[7]')).toEqual([]);
    await expect(closing.run({ command: 'true' })).rejects.toBeInstanceOf(CommandCancelledError);
  });

  // Last: it takes the server's network down for a few seconds.
  it('notices a dead connection through keepalives and fails the command as retryable', async () => {
    const fragile = await executor.connect(passwordTarget(), { keepaliveIntervalMs: 500 });
    const outcome = fragile.run({ command: 'sleep 318' }).catch((caught: unknown) => caught);
    await waitFor(async () => (await processesMatching('^sleep 31[8]$')).length === 1);
    const cutAt = Date.now();
    expect((await runOnTestServer(server, ['ip', 'link', 'set', 'host0', 'down'])).code).toBe(0);
    try {
      const error = await outcome;
      expect(error).toBeInstanceOf(SshConnectionError);
      expect(error).toMatchObject({ retryable: true });
      expect((error as Error).message).toBe(
        `The connection to ${server.address}:${server.port} was lost: the server stopped answering keepalives`,
      );
      expect(Date.now() - cutAt).toBeLessThan(10_000);
      await expect(fragile.run({ command: 'true' })).rejects.toBeInstanceOf(SshConnectionError);
    } finally {
      await runOnTestServer(server, ['ip', 'link', 'set', 'host0', 'up']);
      // sshd cannot tell that its peer is gone, so the command runs on (see the report of this file).
      await runOnTestServer(server, ['pkill', '-KILL', '-f', '^sleep 31[8]$']);
      await fragile.close();
    }
  });
});

/** sshd's log lines about authentication attempts. */
async function authenticationLog(): Promise<string[]> {
  const result = await runOnTestServer(server, ['journalctl', '-u', 'ssh', '--no-pager', '-o', 'cat']);
  return result.stdout.split('\n').filter((line) => /password|publickey|authenticat/i.test(line));
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
