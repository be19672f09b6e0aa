import { eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers } from '../database/schema.js';

/** What the SSH keys area reads and writes of the panel: the server's own key and its GitHub key. */
export function createSshKeysRepository(db: Database) {
  return {
    /** The panel's public key on the server (servers.public_key), null before one is made. */
    async panelPublicKey(serverId: number): Promise<string | null> {
      const [row] = await db
        .select({ publicKey: servers.publicKey })
        .from(servers)
        .where(eq(servers.id, serverId))
        .limit(1);
      return row?.publicKey ?? null;
    },

    /** Keeps the server's GitHub public key (servers.ssh_key_github). */
    async setGithubKey(serverId: number, key: string): Promise<void> {
      await db.update(servers).set({ sshKeyGithub: key }).where(eq(servers.id, serverId));
    },
  };
}
export type SshKeysRepository = ReturnType<typeof createSshKeysRepository>;
