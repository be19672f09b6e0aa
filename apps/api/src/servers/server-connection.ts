import { EVENT_STATUS, PHP_VERSIONS, provisionOptionsSchema, type UpdateKey } from '@hostdeck/contracts';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { NotFoundError } from '../domain/errors.js';
import type { ServerAbility } from '../policy/abilities.js';
import { authorizeServer, usersWithServerAccess } from '../policy/server-policy.js';
import type { RemoteTarget } from '../remote/remote-executor.js';
import { allowedServerAddress } from './server-connect-address.js';
import { SERVER_EVENTS, SERVER_STATUS, SERVER_UPDATE_KEYS } from './server-events.js';
import { createServersRepository } from './servers.repository.js';

/** Secret purposes: a sealed value opens only under the purpose it was sealed for. */
export const SECRET_PURPOSE = {
  privateKey: 'servers.private_key',
  password: 'servers.password',
  eventInput: 'events.input',
} as const;

/**
 * How the panel reaches a server: its address, its own key (or the root password until the key
 * is installed), and the host key recorded at first contact.
 */
export function createServerConnections(db: Database, secretBox: SecretBox) {
  const repository = createServersRepository(db);
  return {
    async resolveTarget(serverId: number): Promise<RemoteTarget> {
      const server = await repository.findRow(serverId);
      if (!server) throw new NotFoundError();
      const auth = server.sealedPrivateKey
        ? {
            kind: 'key' as const,
            privateKey: secretBox.open(server.sealedPrivateKey, SECRET_PURPOSE.privateKey),
          }
        : server.sealedPassword
          ? {
              kind: 'password' as const,
              password: secretBox.open(server.sealedPassword, SECRET_PURPOSE.password),
            }
          : null;
      if (!auth) throw new Error(`Server ${serverId} has no credentials`);
      return {
        // Rows stored before addresses were checked (issue 25 finding 7) are refused here too, so
        // no event or terminal reaches the panel's own host through them.
        host: await allowedServerAddress(server.ip, { fields: false }),
        port: server.port,
        username: server.sshUser,
        auth,
        knownHostKey: server.hostKeyFingerprint,
      };
    },

    async recordHostKey(serverId: number, fingerprint: string) {
      await repository.recordHostKey(serverId, fingerprint);
    },

    /**
     * What a finished event means for its server. Provisioning: `installed` only when every step
     * passed (FINISHED); a failed or cancelled run leaves the server not installed, with the event
     * kept as `provision_event_id` for its output and "retry from here". A hotfix event ends the
     * server's hotfix (busy) state. Returns the Update-data keys to send (spec/000 §4), if any.
     * A finished-event handler of the servers area (server-finished-events.ts): finishEvent calls it.
     */
    async settleFinishedEvent(event: {
      id: number;
      serverId: number | null;
      type: string;
      status: string;
      isFinished: boolean;
    }): Promise<UpdateKey[]> {
      if (!event.isFinished || event.serverId === null) return [];
      if (event.type === SERVER_EVENTS.provision.type) {
        const passed = event.status === EVENT_STATUS.finished;
        const current = passed ? await repository.findRow(event.serverId) : null;
        const chosen = provisionOptionsSchema.safeParse(current?.provision).data?.php_versions ?? [];
        // The default site's PHP: the newest version provisioned (PHP_VERSIONS is newest first).
        const defaultPhp = PHP_VERSIONS.find((version) => chosen.includes(version)) ?? null;
        // Only the server's latest provisioning: an older run finishing late changes nothing.
        const changed = await repository.recordProvisionResult(
          event.serverId,
          event.id,
          passed
            ? { installed: true, defaultPhp }
            : {
                installed: false,
                status:
                  event.status === EVENT_STATUS.cancelled ? SERVER_STATUS.cancelled : SERVER_STATUS.error,
              },
        );
        return changed ? [...SERVER_UPDATE_KEYS] : [];
      }
      if (event.type === SERVER_EVENTS.hotfix.type) {
        await repository.endHotfix(event.serverId);
        return ['server'];
      }
      const refreshes: string[] = [
        SERVER_EVENTS.timezone.type,
        SERVER_EVENTS.restartNormal.type,
        SERVER_EVENTS.restartHard.type,
        SERVER_EVENTS.clean.type,
      ];
      return refreshes.includes(event.type) ? ['server'] : [];
    },

    /** The access policy's check (policy/server-policy.ts): 404 when invisible, 403 without the ability. */
    async authorize(userId: number, serverId: number, ability: ServerAbility): Promise<void> {
      await authorizeServer(db, { id: userId }, serverId, ability);
    },

    /** Everyone who may view the server (its owner and the teams sharing it): its events' audience. */
    usersWithAccess(serverId: number): Promise<number[]> {
      return usersWithServerAccess(db, serverId);
    },
  };
}
export type ServerConnections = ReturnType<typeof createServerConnections>;
