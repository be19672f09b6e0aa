import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers } from '../database/schema.js';

/** The two columns the SSH area changes on a server row. */
export function createSshRepository(db: Database) {
  return {
    /** The port sshd moved to (an `ssh_port` event that got the panel in on it). */
    async setPort(serverId: number, port: number): Promise<void> {
      await db
        .update(servers)
        .set({ port, updatedAt: sql`now()` })
        .where(eq(servers.id, serverId));
    },

    /** Forgets the recorded host key: the next connection records the one the server shows. */
    async forgetHostKey(serverId: number): Promise<void> {
      await db
        .update(servers)
        .set({ hostKeyFingerprint: null, updatedAt: sql`now()` })
        .where(eq(servers.id, serverId));
    },
  };
}
export type SshRepository = ReturnType<typeof createSshRepository>;
