import { eq } from 'drizzle-orm';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { servers } from '../database/schema.js';
import { NotFoundError } from '../http/errors.js';
import type { ServerAbility } from '../policy/abilities.js';
import { authorizeServer, usersWithServerAccess } from '../policy/server-policy.js';
import type { RemoteTarget } from '../remote/remote-executor.js';

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
        host: server.ip,
        port: server.port,
        username: server.sshUser,
        auth,
        knownHostKey: server.hostKeyFingerprint,
      };
    },

    async recordHostKey(serverId: number, fingerprint: string) {
      await db.update(servers).set({ hostKeyFingerprint: fingerprint }).where(eq(servers.id, serverId));
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
