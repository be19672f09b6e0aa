import type { connectServerRequestSchema } from '@hostdeck/contracts';
import { type ServerDetail } from '@hostdeck/contracts';
import type { z } from 'zod';
import type { Caller } from '../policy/server-policy.js';
import { SshAuthenticationError, type RemoteSession, type RemoteTarget } from '../remote/remote-executor.js';
import { allowedServerAddress } from './server-connect-address.js';
import { SECRET_PURPOSE } from './server-connection.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from './server-errors.js';
import { SERVER_STATUS } from './server-events.js';
import {
  createServerOperations,
  SYNCHRONOUS_DEADLINE_MS,
  type ServerServiceDependencies,
} from './server-operations.js';
import { CONNECT_TIMEOUT_MS } from './server-remote.js';
import type { ServerRow } from './servers.repository.js';

export type ConnectServerInput = z.output<typeof connectServerRequestSchema>;

/** How long removing a key that was installed for nothing may take (best effort). */
const CLEANUP_TIMEOUT_MS = 10_000;

/**
 * Connecting a server (spec/000 §2 Connect New Server, POST api/servers): the panel's own Ed25519
 * key per server, installed with the root password (which is then not kept) or by a command the
 * user runs; the host key recorded at first contact; the OS checked; provisioning started.
 * Nothing is stored, and no key is left on the server, when connecting fails.
 */
export function createServerConnectService(dependencies: ServerServiceDependencies) {
  const { repository, remote, secretBox } = dependencies;
  const operations = createServerOperations(dependencies);

  const newKeyPair = (serverId: number) => dependencies.generateKeyPair(`hostdeck-server-${serverId}`);

  /** Detects the OS on an open session; an unsupported one is refused with its name. */
  async function supportedOs(session: RemoteSession, signal: AbortSignal) {
    const os = await remote.detectOs(session, signal);
    if (!os.supported) throw new ServerError(SERVER_MESSAGES.unsupportedOs, { os: os.name });
    return os;
  }

  async function connectWithPassword(caller: Caller, request: ConnectServerInput): Promise<ServerDetail> {
    const host = await allowedServerAddress(request.ip, { fields: true });
    const id = await repository.reserveId();
    const keys = newKeyPair(id);
    const deadline = AbortSignal.timeout(SYNCHRONOUS_DEADLINE_MS);
    const context = {
      host: request.ip,
      port: request.port,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      fields: true,
    };
    const passwordTarget: RemoteTarget = {
      host,
      port: request.port,
      username: 'root',
      auth: { kind: 'password', password: request.password ?? '' },
      knownHostKey: null,
    };
    let session: RemoteSession | undefined;
    let keyInstalled = false;
    let stored = false;
    try {
      session = await remote.connect(passwordTarget, { signal: deadline });
      const hostKey = session.hostKeyFingerprint;
      const os = await supportedOs(session, deadline);
      await remote.authorizeKey(session, keys.publicKey, deadline);
      keyInstalled = true;
      // The key must work before the password is forgotten: a second session, with the key only,
      // against the host key just recorded.
      try {
        const check = await remote.connect(
          {
            ...passwordTarget,
            auth: { kind: 'key', privateKey: keys.privateKey },
            knownHostKey: hostKey,
          },
          { signal: deadline },
        );
        await check.close();
      } catch (error) {
        if (error instanceof SshAuthenticationError)
          throw new ServerError(SERVER_MESSAGES.keyRefusedAfterPassword);
        throw error;
      }

      await repository.insert({
        id,
        userId: caller.id,
        name: request.name,
        ip: request.ip,
        port: request.port,
        sshUser: 'root',
        publicKey: keys.publicKey,
        sealedPrivateKey: secretBox.seal(keys.privateKey, SECRET_PURPOSE.privateKey),
        hostKeyFingerprint: hostKey,
        status: SERVER_STATUS.installing,
        connectMethod: 'password',
        provision: request.provision,
        osVersion: os.id,
        defaultLinuxUser: request.provision.default_linux_user,
      });
      stored = true;
      await operations.startProvisioning(caller, (await repository.findRow(id))!);
    } catch (error) {
      if (stored) await repository.delete(id).catch(() => {});
      if (keyInstalled && session) {
        await remote
          .forgetKey(session, keys.publicKey, AbortSignal.timeout(CLEANUP_TIMEOUT_MS))
          .catch(() => {});
      }
      throw describeRemoteFailure(error, context);
    } finally {
      await session?.close().catch(() => {});
    }
    await operations.announce(id);
    return operations.detail(caller, id);
  }

  async function connectWithCommand(caller: Caller, request: ConnectServerInput): Promise<ServerDetail> {
    // Stored now, connected by POST connect later: refused now, before it can be stored.
    await allowedServerAddress(request.ip, { fields: true });
    const id = await repository.reserveId();
    const keys = newKeyPair(id);
    await repository.insert({
      id,
      userId: caller.id,
      name: request.name,
      ip: request.ip,
      port: request.port,
      sshUser: 'root',
      publicKey: keys.publicKey,
      sealedPrivateKey: secretBox.seal(keys.privateKey, SECRET_PURPOSE.privateKey),
      status: SERVER_STATUS.pending,
      connectMethod: 'command',
      provision: request.provision,
      defaultLinuxUser: request.provision.default_linux_user,
    });
    await operations.announce(id);
    return operations.detail(caller, id);
  }

  /**
   * Opens a key session to a server, reinstalling the key with the stored root password when
   * the server refuses it (the key was removed) and a password was saved for that purpose.
   */
  async function openKeySession(row: ServerRow, signal: AbortSignal): Promise<RemoteSession> {
    const target = operations.keyTarget(row);
    try {
      return await remote.connect(target, { signal });
    } catch (error) {
      if (!(error instanceof SshAuthenticationError)) throw error;
      if (!row.sealedPassword || !row.publicKey) {
        throw new ServerError(
          row.hostKeyFingerprint ? SERVER_MESSAGES.keyRefused : SERVER_MESSAGES.keyNotInstalled,
        );
      }
    }
    const password = secretBox.open(row.sealedPassword, SECRET_PURPOSE.password);
    let passwordSession: RemoteSession;
    try {
      passwordSession = await remote.connect({ ...target, auth: { kind: 'password', password } }, { signal });
    } catch (error) {
      if (error instanceof SshAuthenticationError)
        throw new ServerError(SERVER_MESSAGES.keyAndPasswordRefused);
      throw error;
    }
    // The key session must reach the machine that took the password (first contact included).
    const pinned = { ...target, knownHostKey: target.knownHostKey ?? passwordSession.hostKeyFingerprint };
    try {
      await remote.authorizeKey(passwordSession, row.publicKey, signal);
    } finally {
      await passwordSession.close().catch(() => {});
    }
    try {
      return await remote.connect(pinned, { signal });
    } catch (error) {
      if (error instanceof SshAuthenticationError)
        throw new ServerError(SERVER_MESSAGES.keyRefusedAfterPassword);
      throw error;
    }
  }

  return {
    async connect(caller: Caller, request: ConnectServerInput): Promise<ServerDetail> {
      return request.method === 'password'
        ? connectWithPassword(caller, request)
        : connectWithCommand(caller, request);
    },

    /**
     * POST api/servers/{server}/connect. For a `command` server: its key is installed, so connect,
     * record the host key (first contact), check the OS and start provisioning. For a server
     * already connected it checks the connection again (and reinstalls the key with a saved root
     * password when the key was lost); it never provisions twice (that is `reinstall`).
     */
    async verifyConnection(caller: Caller, serverId: number): Promise<ServerDetail> {
      let row = await operations.authorizedRow(caller, serverId, 'manage');
      // A server stored before addresses were checked is refused here, before any connection.
      row = { ...row, ip: await allowedServerAddress(row.ip, { fields: false }) };
      if (!row.sealedPrivateKey || !row.publicKey) {
        // A server stored before it had a key of its own: give it one now.
        const keys = newKeyPair(row.id);
        row = {
          ...row,
          publicKey: keys.publicKey,
          sealedPrivateKey: secretBox.seal(keys.privateKey, SECRET_PURPOSE.privateKey),
        };
      }
      const deadline = AbortSignal.timeout(SYNCHRONOUS_DEADLINE_MS);
      let session: RemoteSession | undefined;
      try {
        session = await openKeySession(row, deadline);
        const os = await supportedOs(session, deadline);
        await repository.update(row.id, {
          hostKeyFingerprint: row.hostKeyFingerprint ?? session.hostKeyFingerprint,
          osVersion: os.id,
          publicKey: row.publicKey,
          sealedPrivateKey: row.sealedPrivateKey,
        });
        // Two clicks on Connect start one provisioning: the first one moves the status on.
        if (await repository.moveStatus(row.id, SERVER_STATUS.pending, SERVER_STATUS.installing)) {
          try {
            await operations.startProvisioning(caller, (await repository.findRow(row.id))!);
          } catch (error) {
            await repository.moveStatus(row.id, SERVER_STATUS.installing, SERVER_STATUS.pending);
            throw error;
          }
        }
      } catch (error) {
        throw describeRemoteFailure(error, {
          host: row.ip,
          port: row.port,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          keyRefusal: row.hostKeyFingerprint ? SERVER_MESSAGES.keyRefused : SERVER_MESSAGES.keyNotInstalled,
        });
      } finally {
        await session?.close().catch(() => {});
      }
      await operations.announce(row.id);
      return operations.detail(caller, row.id);
    },
  };
}
export type ServerConnectService = ReturnType<typeof createServerConnectService>;
