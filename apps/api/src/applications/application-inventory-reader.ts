import {
  applicationInventory,
  buildStepInvocation,
  InventoryFormatError,
  parseApplicationInventory,
  type ApplicationInventory,
} from '@hostdeck/recipes';
import { RemoteCommandError } from '../http/errors.js';
import type { RemoteExecutor, RemoteSession } from '../remote/remote-executor.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';

/** The list is read while the user waits: connecting and reading each get this long. */
const CONNECT_TIMEOUT_MS = 10_000;
const READ_TIMEOUT_MS = 20_000;
const OUTPUT_LIMIT_CHARACTERS = 64 * 1024;
const STDERR_TAIL_CHARACTERS = 2_000;

/**
 * Reads a server's applications live (spec/000 §3, real-server truth): the read-only
 * `application-inventory` recipe over one SSH session, run directly rather than as an event,
 * through the same builder as every recipe (constant command, catalogue on stdin). Reaches the
 * server as events do (its key, or the root password until the key is installed), recording the
 * host key at first contact. Failures become messages a user can act on (servers/server-errors.ts).
 */
export function createApplicationInventoryReader(options: {
  executor: RemoteExecutor;
  connections: Pick<ServerConnections, 'resolveTarget' | 'recordHostKey'>;
}) {
  return {
    async read(serverId: number): Promise<ApplicationInventory> {
      const target = await options.connections.resolveTarget(serverId);
      let session: RemoteSession | undefined;
      try {
        session = await options.executor.connect(target, {
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          onHostKeyRecorded: (fingerprint) => options.connections.recordHostKey(serverId, fingerprint),
        });
        const invocation = buildStepInvocation(applicationInventory, 'read', {});
        let stdout = '';
        let stderr = '';
        const result = await session.run({
          command: invocation.command,
          stdin: invocation.stdin,
          onStdout: (chunk) => {
            if (stdout.length < OUTPUT_LIMIT_CHARACTERS) stdout += chunk;
          },
          onStderr: (chunk) => {
            stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARACTERS);
          },
          totalTimeoutMs: READ_TIMEOUT_MS,
          idleTimeoutMs: READ_TIMEOUT_MS,
        });
        if (result.exitCode !== 0) {
          throw new RemoteCommandError(SERVER_MESSAGES.commandFailed, result.exitCode, stderr.trim());
        }
        return parseApplicationInventory(stdout);
      } catch (error) {
        if (error instanceof InventoryFormatError) throw new ServerError(SERVER_MESSAGES.unreadableOutput);
        throw describeRemoteFailure(error, {
          host: target.host,
          port: target.port,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          ...(target.auth.kind === 'key' ? { keyRefusal: SERVER_MESSAGES.keyRefused } : {}),
        });
      } finally {
        await session?.close().catch(() => {});
      }
    },
  };
}
export type ApplicationInventoryReader = ReturnType<typeof createApplicationInventoryReader>;
