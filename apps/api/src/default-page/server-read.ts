import { InventoryFormatError, type Recipe } from '@hostdeck/recipes';
import { NotFoundError, RemoteCommandError } from '../domain/errors.js';
import { RecipeStepFailedError, runRecipe } from '../jobs/recipe-runner.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { RemoteExecutor, RemoteSession } from '../remote/remote-executor.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';

const CONNECT_TIMEOUT_MS = 10_000;
const READ_TIMEOUT_MS = 20_000;

/**
 * Reads something from a server while the request waits (a php.ini, the default page): a
 * read-only recipe run over one SSH session through the recipe runner, as the server sections'
 * inventory reader does (server-sections/inventory-reader.ts), with room for a file's content
 * (`stdoutLimit` characters) and the caller's `view` right and a way in checked first.
 */
export function createServerReader(options: {
  executor: RemoteExecutor;
  connections: Pick<ServerConnections, 'resolveTarget' | 'recordHostKey'>;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
}) {
  return {
    async read<Output>(
      caller: Caller,
      serverId: number,
      recipe: Recipe,
      input: Record<string, unknown>,
      parse: (stdout: string) => Output,
      stdoutLimit: number,
    ): Promise<Output> {
      await options.policy.authorizeServer(caller, serverId, 'view');
      const server = await options.servers.findRow(serverId);
      if (!server) throw new NotFoundError();
      if (!(server.sealedPrivateKey ?? server.sealedPassword))
        throw new ServerError(SERVER_MESSAGES.notConnected);
      const target = await options.connections.resolveTarget(serverId);
      let session: RemoteSession | undefined;
      try {
        session = await options.executor.connect(target, {
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          onHostKeyRecorded: (fingerprint) => options.connections.recordHostKey(serverId, fingerprint),
        });
        const { stdout } = await runRecipe(session, recipe, input, {
          quietTitles: true,
          limits: () => ({ totalTimeoutMs: READ_TIMEOUT_MS, idleTimeoutMs: READ_TIMEOUT_MS }),
          stdoutLimit,
        });
        return parse(stdout);
      } catch (error) {
        if (error instanceof RecipeStepFailedError) {
          throw new RemoteCommandError(
            SERVER_MESSAGES.commandFailed,
            error.exitCode,
            error.stderrTail.trim(),
          );
        }
        if (error instanceof InventoryFormatError || (error instanceof Error && error.name === 'ZodError')) {
          throw new ServerError(SERVER_MESSAGES.unreadableOutput);
        }
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
export type ServerReader = ReturnType<typeof createServerReader>;
