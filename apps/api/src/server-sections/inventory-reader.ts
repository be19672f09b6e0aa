import {
  InventoryFormatError,
  type Recipe,
  type RecipeInput,
  type RecipeInputSchema,
} from '@hostdeck/recipes';
import { RemoteCommandError } from '../domain/errors.js';
import { RecipeStepFailedError, runRecipe } from '../jobs/recipe-runner.js';
import { SshConnectionError, type RemoteExecutor, type RemoteSession } from '../remote/remote-executor.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';

/** The list is read while the user waits: connecting and reading each get this long. */
const CONNECT_TIMEOUT_MS = 10_000;
const READ_TIMEOUT_MS = 20_000;
const OUTPUT_LIMIT_CHARACTERS = 64 * 1024;

/**
 * Reads a section's state from a server live (spec/000 §3, real-server truth): a read-only
 * inventory recipe run over one SSH session through the recipe runner, directly rather than as an
 * event. Reaches the server as events do (its key, or the root password until the key is
 * installed), recording the host key at first contact. Failures become messages a user can act on
 * (servers/server-errors.ts); output `parse` rejects (InventoryFormatError, or a schema's error)
 * is "unreadable output".
 */
export function createInventoryReader(options: {
  executor: RemoteExecutor;
  connections: Pick<ServerConnections, 'resolveTarget' | 'recordHostKey'>;
}) {
  return {
    async read<S extends RecipeInputSchema, Inventory>(
      serverId: number,
      recipe: Recipe<S>,
      input: RecipeInput<S>,
      parse: (stdout: string) => Inventory,
    ): Promise<Inventory> {
      const target = await options.connections.resolveTarget(serverId);
      let session: RemoteSession | undefined;
      try {
        const connect = () =>
          options.executor.connect(target, {
            connectTimeoutMs: CONNECT_TIMEOUT_MS,
            onHostKeyRecorded: (fingerprint) => options.connections.recordHostKey(serverId, fingerprint),
          });
        // A connection that failed in a way worth another try (no answer in time, closed during the
        // handshake: sshd throttling unauthenticated connections) is tried once more before the
        // user sees an error.
        session = await connect().catch((error: unknown) => {
          if (error instanceof SshConnectionError && error.retryable) return connect();
          throw error;
        });
        const { stdout } = await runRecipe(session, recipe, input, {
          quietTitles: true,
          limits: () => ({ totalTimeoutMs: READ_TIMEOUT_MS, idleTimeoutMs: READ_TIMEOUT_MS }),
          stdoutLimit: OUTPUT_LIMIT_CHARACTERS,
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
        if (error instanceof InventoryFormatError || isSchemaError(error)) {
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
export type InventoryReader = ReturnType<typeof createInventoryReader>;

/** A zod error from a `parse` that validates the output with a schema. */
function isSchemaError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}
