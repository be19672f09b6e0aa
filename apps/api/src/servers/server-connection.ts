import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { EVENT_STATUS, PHP_VERSIONS, provisionOptionsSchema } from '@hostdeck/contracts';
import { APPLICATION_EVENT_PREFIX, APPLICATIONS_UPDATE_KEY } from '../applications/application-events.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { servers } from '../database/schema.js';
import { NotFoundError } from '../http/errors.js';
import type { ServerAbility } from '../policy/abilities.js';
import { authorizeServer, usersWithServerAccess } from '../policy/server-policy.js';
import type { RemoteTarget } from '../remote/remote-executor.js';
import { allowedServerAddress } from './server-connect-address.js';
import { SERVER_EVENTS, SERVER_STATUS, SERVER_UPDATE_KEYS } from './server-events.js';

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
  return {
    async resolveTarget(serverId: number): Promise<RemoteTarget> {
      const [server] = await db.select().from(servers).where(eq(servers.id, serverId)).limit(1);
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
      await db.update(servers).set({ hostKeyFingerprint: fingerprint }).where(eq(servers.id, serverId));
    },

    /**
     * What a finished event means for its server. Provisioning: `installed` only when every step
     * passed (FINISHED); a failed or cancelled run leaves the server not installed, with the event
     * kept as `provision_event_id` for its output and "retry from here". A hotfix event ends the
     * server's hotfix (busy) state. Returns the Update-data keys to send (spec/000 §4), if any.
     */
    async settleFinishedEvent(event: {
      id: number;
      serverId: number | null;
      type: string;
      status: string;
      isFinished: boolean;
    }): Promise<string[]> {
      if (!event.isFinished || event.serverId === null) return [];
      const server = eq(servers.id, event.serverId);
      if (event.type === SERVER_EVENTS.provision.type) {
        const passed = event.status === EVENT_STATUS.finished;
        const [current] = await db
          .select({ provision: servers.provision })
          .from(servers)
          .where(server)
          .limit(1);
        const chosen = provisionOptionsSchema.safeParse(current?.provision).data?.php_versions ?? [];
        // The default site's PHP: the newest version provisioned (PHP_VERSIONS is newest first).
        const defaultPhp = PHP_VERSIONS.find((version) => chosen.includes(version)) ?? null;
        const changed = await db
          .update(servers)
          .set(
            passed
              ? {
                  installed: true,
                  status: SERVER_STATUS.installed,
                  timezone: sql`${servers.provision}->>'timezone'`,
                  defaultPhp,
                  provisionEventId: event.id,
                  updatedAt: sql`now()`,
                }
              : {
                  installed: false,
                  status:
                    event.status === EVENT_STATUS.cancelled ? SERVER_STATUS.cancelled : SERVER_STATUS.error,
                  provisionEventId: event.id,
                  updatedAt: sql`now()`,
                },
          )
          // Only the server's latest provisioning: an older run finishing late changes nothing.
          // The run may finish before its starter recorded it (a server that is down fails at
          // once), hence "not older than the recorded one" rather than "the recorded one".
          .where(and(server, or(isNull(servers.provisionEventId), lte(servers.provisionEventId, event.id))))
          .returning({ id: servers.id });
        return changed.length > 0 ? [...SERVER_UPDATE_KEYS] : [];
      }
      if (event.type === SERVER_EVENTS.hotfix.type) {
        await db.update(servers).set({ hotfix: false }).where(server);
        return ['server'];
      }
      // An application installed, removed, started or stopped: the browser reads the list again.
      if (event.type.startsWith(APPLICATION_EVENT_PREFIX)) return [APPLICATIONS_UPDATE_KEY];
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
