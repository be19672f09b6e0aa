import net from 'node:net';
import { Server, utils, type Connection } from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_IDS } from '@hostdeck/contracts';
import { DomainError } from '../domain/errors.js';
import {
  CommandCancelledError,
  CommandTimeoutError,
  createSshExecutor,
  HostKeyMismatchError,
  hostKeyFingerprint,
  publicKeyFingerprint,
  SshAuthenticationError,
  SshConnectionError,
  type RemoteTarget,
} from './remote-executor.js';
import { formatDuration } from './remote-errors.js';

// Printed by `ssh-keygen -lf` for these public keys.
const ED25519_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPHQ/Z4U10ejrULRmX6vJCncIZC9PJU+wtQQqb6LEAqx fixture';
const ED25519_FINGERPRINT = 'SHA256:qxa1VePf/zlLxIUS+8cX3rboFO6aPRv82NVYurmNm70';
const RSA_KEY =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQCteeqHOGzp88+FDgfIRCaMvWZo4OtCmTX/Yep6pW/rKQWgmFWeRdQxJFyeA3uL+bBQqV92qfWsS+zdqiEDqJigjWM4N/FrQ1KcbKc13wW5CX+8ebUTA//eXuxrNvLJ6d1aiwLNx835YdElJClq7TSKwPAuoDOzFTndxbkbdELsiQ== fixture';
const RSA_FINGERPRINT = 'SHA256:oqyLCzy2/0HYeO/kEEIO+ZZRbpm2BDWQ0IT93YZJJNA';

const SECRET_PASSWORD = 'correct-horse-battery-staple-7731';

describe('host key fingerprint', () => {
  it('is the one OpenSSH prints: SHA256 of the key blob, base64 without padding', () => {
    expect(publicKeyFingerprint(ED25519_KEY)).toBe(ED25519_FINGERPRINT);
    expect(publicKeyFingerprint(RSA_KEY)).toBe(RSA_FINGERPRINT);
    const blob = Buffer.from(ED25519_KEY.split(' ')[1] as string, 'base64');
    expect(hostKeyFingerprint(blob)).toBe(ED25519_FINGERPRINT);
    expect(hostKeyFingerprint(blob)).not.toContain('=');
  });

  it('agrees with the public half of a key that ssh2 generates', () => {
    const pair = utils.generateKeyPairSync('ed25519');
    const parsed = utils.parseKey(pair.public);
    if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('unexpected key');
    expect(publicKeyFingerprint(pair.public)).toBe(hostKeyFingerprint(parsed.getPublicSSH()));
  });

  it('rejects what is not a public key line', () => {
    expect(() => publicKeyFingerprint('not a key')).toThrow();
  });
});

describe('remote errors', () => {
  it('say what happened and whether to try again', () => {
    const refused = new SshConnectionError({ host: '10.0.0.2', port: 22 }, 'connection refused');
    expect(refused.message).toBe('Could not connect to 10.0.0.2:22: connection refused');
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      retryable: true,
      code: 'ssh_connection_failed',
      id: ERROR_IDS.remoteCommand,
    });
    expect(refused.status).toBe(422);
    expect(new SshConnectionError({ host: 'fd00::2', port: 2222 }, 'timed out').message).toBe(
      'Could not connect to [fd00::2]:2222: timed out',
    );
    expect(new SshConnectionError({ host: 'h', port: 22 }, 'connection reset', { lost: true }).message).toBe(
      'The connection to h:22 was lost: connection reset',
    );

    const auth = new SshAuthenticationError('root', 'web1.example.com');
    expect(auth.message).toBe('Authentication failed for root@web1.example.com: wrong password or key');
    expect(auth).toMatchObject({ retryable: false, code: 'ssh_authentication_failed' });

    const mismatch = new HostKeyMismatchError('10.0.0.2', 'SHA256:old', 'SHA256:new');
    expect(mismatch.message).toBe(
      "The server's host key has changed (expected SHA256:old, got SHA256:new). If you reinstalled the server or changed its keys, " +
        'reset the recorded host key (SSH page, SSH settings tab) and connect again; otherwise someone may be intercepting the connection.',
    );
    expect(mismatch).toMatchObject({ retryable: false, code: 'ssh_host_key_mismatch' });

    expect(new CommandTimeoutError('idle', 300_000).message).toBe(
      'The command was stopped after producing no output for 5 minutes.',
    );
    expect(new CommandTimeoutError('total', 1_800_000).message).toBe(
      'The command was stopped because it did not finish within 30 minutes.',
    );
    expect(new CommandTimeoutError('idle', 1_500)).toMatchObject({
      kind: 'idle',
      afterMs: 1_500,
      retryable: false,
    });
    expect(new CommandCancelledError()).toMatchObject({ code: 'remote_command_cancelled', retryable: false });
  });

  it('formats durations for people', () => {
    expect(formatDuration(250)).toBe('250 ms');
    expect(formatDuration(1_000)).toBe('1 second');
    expect(formatDuration(1_500)).toBe('1.5 seconds');
    expect(formatDuration(60_000)).toBe('1 minute');
    expect(formatDuration(7_200_000)).toBe('2 hours');
  });
});

// An in-process SSH server (ssh2's own) as the peer: what it observes is what a real server would.
describe('connecting (in-process SSH server)', () => {
  const servers: net.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function startServer() {
    const hostKey = utils.generateKeyPairSync('ed25519');
    const authAttempts: string[] = [];
    const server = new Server({ hostKeys: [hostKey.private] }, (client: Connection) => {
      client.on('authentication', (context) => {
        authAttempts.push(context.method);
        if (context.method === 'password' && context.password === SECRET_PASSWORD) context.accept();
        else context.reject(['password']);
      });
      client.on('error', () => {});
      client.on('ready', () => client.on('session', (accept) => accept()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const port = (server.address() as net.AddressInfo).port;
    return { port, fingerprint: publicKeyFingerprint(hostKey.public), authAttempts };
  }

  function targetFor(port: number, overrides: Partial<RemoteTarget> = {}): RemoteTarget {
    return {
      host: '127.0.0.1',
      port,
      username: 'root',
      auth: { kind: 'password', password: SECRET_PASSWORD },
      knownHostKey: null,
      ...overrides,
    };
  }

  it('records the host key on first contact, then accepts only that key', async () => {
    const peer = await startServer();
    const recorded: string[] = [];
    const session = await createSshExecutor().connect(targetFor(peer.port), {
      onHostKeyRecorded: (fingerprint) => void recorded.push(fingerprint),
    });
    expect(session.hostKeyFingerprint).toBe(peer.fingerprint);
    expect(recorded).toEqual([peer.fingerprint]);
    await session.close();

    const again = await createSshExecutor().connect(
      targetFor(peer.port, { knownHostKey: peer.fingerprint }),
      {
        onHostKeyRecorded: () => {
          throw new Error('a known key is not recorded again');
        },
      },
    );
    await again.close();
  });

  it('refuses a changed host key before sending any credentials', async () => {
    const peer = await startServer();
    const error = await createSshExecutor()
      .connect(targetFor(peer.port, { knownHostKey: ED25519_FINGERPRINT }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostKeyMismatchError);
    expect((error as Error).message).toContain(`expected ${ED25519_FINGERPRINT}, got ${peer.fingerprint}`);
    expect(peer.authAttempts).toEqual([]);
  });

  it('reports a wrong password without repeating it', async () => {
    const peer = await startServer();
    const error = await createSshExecutor()
      .connect(targetFor(peer.port, { auth: { kind: 'password', password: `${SECRET_PASSWORD}-wrong` } }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SshAuthenticationError);
    expect((error as Error).message).toBe('Authentication failed for root@127.0.0.1: wrong password or key');
    expect(peer.authAttempts).toEqual(['password']);
  });

  it('reports an unreadable private key without quoting it', async () => {
    const peer = await startServer();
    const garbage =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nc2VjcmV0LWtleS1tYXRlcmlhbA==\n-----END OPENSSH PRIVATE KEY-----';
    const error = await createSshExecutor()
      .connect(targetFor(peer.port, { auth: { kind: 'key', privateKey: garbage } }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SshAuthenticationError);
    expect((error as Error).message).not.toContain('c2VjcmV0');
    expect(peer.authAttempts).toEqual([]);
  });

  it('reports a refused connection as retryable, without secrets', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const error = await createSshExecutor()
      .connect(targetFor(port))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SshConnectionError);
    expect((error as SshConnectionError).message).toBe(
      `Could not connect to 127.0.0.1:${port}: connection refused`,
    );
    expect((error as SshConnectionError).retryable).toBe(true);
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(
      SECRET_PASSWORD,
    );
  });

  it('times out against a peer that never speaks SSH', async () => {
    const silent = net.createServer((socket) => socket.resume()); // reads, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    servers.push(silent);
    const port = (silent.address() as net.AddressInfo).port;
    const startedAt = Date.now();
    const error = await createSshExecutor()
      .connect(targetFor(port), { connectTimeoutMs: 300 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SshConnectionError);
    expect((error as Error).message).toBe(`Could not connect to 127.0.0.1:${port}: timed out after 300 ms`);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('stops connecting when cancelled', async () => {
    const silent = net.createServer((socket) => socket.resume()); // reads, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    servers.push(silent);
    const port = (silent.address() as net.AddressInfo).port;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      createSshExecutor().connect(targetFor(port), { signal: controller.signal }),
    ).rejects.toBeInstanceOf(CommandCancelledError);
  });
});
