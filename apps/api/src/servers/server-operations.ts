import { provisionOptionsSchema, storedProvisionOptionsSchema, type UpdateKey } from '@hostdeck/contracts';
import { getRecipe } from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import type { EventsService } from '../events/events.service.js';
import { ValidationError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { RemoteSession, RemoteTarget } from '../remote/remote-executor.js';
import type { SshKeyPair } from '../remote/ssh-keys.js';
import { FAVORITE_KINDS, type FavoritesRepository } from './favorites.repository.js';
import { SECRET_PURPOSE } from './server-connection.js';
import { describeRemoteFailure, SERVER_MESSAGES, ServerError } from './server-errors.js';
import { SERVER_EVENTS, SERVER_UPDATE_KEYS } from './server-events.js';
import { presentServerDetail } from './server-presenter.js';
import { CONNECT_TIMEOUT_MS, type ServerRemote } from './server-remote.js';
import type { ServerRow, ServersRepository } from './servers.repository.js';

/** What the server services need, declared (CONVENTIONS.md): built in servers.routes.ts. */
export interface ServerServiceDependencies {
  repository: ServersRepository;
  favorites: FavoritesRepository;
  policy: AccessPolicy;
  events: Pick<EventsService, 'startRecipe'>;
  remote: ServerRemote;
  secretBox: SecretBox;
  generateKeyPair(comment: string): SshKeyPair;
  /** Realtime Update-data (spec/000 §4) to these users. */
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
}

/** The shared steps of the server services. */
export function createServerOperations(dependencies: ServerServiceDependencies) {
  const { repository, favorites, policy, events, secretBox } = dependencies;

  const operations = {
    async detail(caller: Caller, serverId: number) {
      const server = await repository.findDetail(serverId);
      if (!server) throw new Error(`Server ${serverId} vanished`);
      const isFavorite = await favorites.isFavorite(caller.id, FAVORITE_KINDS.server, serverId);
      const teams = (await repository.sharingTeams(caller.id, [serverId])).get(serverId) ?? [];
      const abilities = await policy.serverAbilities(caller, server);
      return presentServerDetail(server, { userId: caller.id, isFavorite, teams, abilities });
    },

    /** Tells everyone who may view the server that it changed. */
    async announce(serverId: number, keys: readonly UpdateKey[] = SERVER_UPDATE_KEYS) {
      dependencies.publish(await policy.usersWithServerAccess(serverId), keys);
    },

    /** The whole row of a server the caller may act on (policy first: 404 or 403). */
    async authorizedRow(caller: Caller, serverId: number, ability: 'view' | 'manage' | 'delete') {
      await policy.authorizeServer(caller, serverId, ability);
      const row = await repository.findRow(serverId);
      if (!row) throw new Error(`Server ${serverId} vanished`);
      return row;
    },

    /** The panel reaches the server with its own key, checking the recorded host key. */
    keyTarget(row: ServerRow, host = row.ip): RemoteTarget {
      if (!row.sealedPrivateKey) throw new ServerError(SERVER_MESSAGES.notConnected);
      return {
        host,
        port: row.port,
        username: row.sshUser,
        auth: { kind: 'key', privateKey: secretBox.open(row.sealedPrivateKey, SECRET_PURPOSE.privateKey) },
        knownHostKey: row.hostKeyFingerprint,
      };
    },

    /** A server reached before (host key recorded, key installed); else "connect it first". */
    requireConnected(row: ServerRow) {
      if (!row.hostKeyFingerprint || !row.sealedPrivateKey)
        throw new ServerError(SERVER_MESSAGES.notConnected);
    },

    /**
     * Runs `action` over one SSH session to a connected server and closes it. Failures become
     * the user's messages (server-errors.ts).
     */
    async withSession<T>(
      row: ServerRow,
      action: (session: RemoteSession) => Promise<T>,
      options: { host?: string; fields?: boolean; signal?: AbortSignal } = {},
    ): Promise<T> {
      operations.requireConnected(row);
      const host = options.host ?? row.ip;
      let session: RemoteSession | undefined;
      try {
        session = await dependencies.remote.connect(
          operations.keyTarget(row, host),
          options.signal ? { signal: options.signal } : {},
        );
        return await action(session);
      } catch (error) {
        throw describeRemoteFailure(error, {
          host,
          port: row.port,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          fields: options.fields ?? false,
          keyRefusal: SERVER_MESSAGES.keyRefused,
        });
      } finally {
        await session?.close().catch(() => {});
      }
    },

    /**
     * Starts the provisioning recipe (from `startStepId` for "retry from here") and records it as
     * the server's current run. Input: the provisioning options chosen when connecting, plus the
     * SSH port when the recipe takes it (ufw allows it before it is enabled).
     */
    async startProvisioning(caller: Caller, row: ServerRow, startStepId: string | null = null) {
      const { type, recipeId, description } = SERVER_EVENTS.provision;
      // What the row stores is checked again with today's rules: a server connected before the
      // special-user rule (issue 25) is refused here, under the connect form's field.
      const checked = provisionOptionsSchema.safeParse(storedProvisionOptionsSchema.parse(row.provision));
      if (!checked.success) {
        const fields: Record<string, string[]> = {};
        for (const issue of checked.error.issues) {
          (fields[`provision.${issue.path.join('.')}`] ??= []).push(issue.message);
        }
        throw new ValidationError(fields);
      }
      const options = checked.data;
      const recipe = getRecipe(recipeId);
      const input = recipe && 'ssh_port' in recipe.input.shape ? { ...options, ssh_port: row.port } : options;
      let event;
      try {
        event = await events.startRecipe({
          userId: caller.id,
          serverId: row.id,
          recipeId,
          input,
          type,
          description,
          startStepId,
        });
      } catch (error) {
        // The recipe's own grammar refused an option: name the connect form's field.
        if (error instanceof ValidationError) {
          const fields = Object.entries(error.fieldErrors).map(([field, messages]) => [
            field === 'step' ? 'from_step' : `provision.${field}`,
            messages,
          ]);
          throw new ValidationError(Object.fromEntries(fields) as Record<string, string[]>);
        }
        throw error;
      }
      await repository.recordProvisioning(row.id, event.id);
      return event;
    },
  };
  return operations;
}
export type ServerOperations = ReturnType<typeof createServerOperations>;

/** Bounds a remote operation the user waits for (the connect form): about 20 seconds. */
export const SYNCHRONOUS_DEADLINE_MS = 20_000;
