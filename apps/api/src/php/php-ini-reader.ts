import { InventoryFormatError, phpIniRead, parsePhpIni } from '@hostdeck/recipes/php';
import { RemoteCommandError } from '../domain/errors.js';
import { RecipeStepFailedError, runRecipe } from '../jobs/recipe-runner.js';
import type { RemoteExecutor, RemoteSession } from '../remote/remote-executor.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';

const CONNECT_TIMEOUT_MS = 10_000;
const READ_TIMEOUT_MS = 20_000;
/** A php.ini of 512 KiB in base64, with room. */
const OUTPUT_LIMIT_CHARACTERS = 1024 * 1024;

/**
 * Reads a php.ini live while the user waits (php-ini-read over one SSH session), as
 * server-sections/inventory-reader.ts reads a list, with room for a whole php.ini.
 */
export function createPhpIniReader(options: {
  executor: RemoteExecutor;
  connections: Pick<ServerConnections, 'resolveTarget' | 'recordHostKey'>;
}) {
  return async (serverId: number, version: string, sapi: string): Promise<string | null> => {
    const target = await options.connections.resolveTarget(serverId);
    let session: RemoteSession | undefined;
    try {
      session = await options.executor.connect(target, {
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        onHostKeyRecorded: (fingerprint) => options.connections.recordHostKey(serverId, fingerprint),
      });
      const { stdout } = await runRecipe(
        session,
        phpIniRead,
        { version, sapi },
        {
          quietTitles: true,
          limits: () => ({ totalTimeoutMs: READ_TIMEOUT_MS, idleTimeoutMs: READ_TIMEOUT_MS }),
          stdoutLimit: OUTPUT_LIMIT_CHARACTERS,
        },
      );
      return parsePhpIni(stdout);
    } catch (error) {
      if (error instanceof RecipeStepFailedError) {
        throw new RemoteCommandError(SERVER_MESSAGES.commandFailed, error.exitCode, error.stderrTail.trim());
      }
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
  };
}
