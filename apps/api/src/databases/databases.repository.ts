import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { databases } from '../database/schema.js';
import { createServersRepository } from '../servers/servers.repository.js';

export type DatabaseRow = typeof databases.$inferSelect;

/** The databases of a server (spec/000 §3 databases) and what reaching its agent needs. */
export function createDatabasesRepository(db: Database) {
  const serverRows = createServersRepository(db);
  return {
    /** Every database of the server, by name: id, type and name only (no account, no password). */
    listForServer(serverId: number) {
      return db
        .select({ id: databases.id, type: databases.type, name: databases.name })
        .from(databases)
        .where(eq(databases.serverId, serverId))
        .orderBy(asc(databases.name), asc(databases.id));
    },

    /** The database when it belongs to that server; another server's id is as good as missing. */
    async findOnServer(serverId: number, databaseId: number): Promise<DatabaseRow | null> {
      const [row] = await db
        .select()
        .from(databases)
        .where(and(eq(databases.id, databaseId), eq(databases.serverId, serverId)))
        .limit(1);
      return row ?? null;
    },

    /** The server's address and agent version (null: no agent installed). */
    async agentOf(serverId: number): Promise<{ id: number; ip: string; agentVersion: number | null } | null> {
      // The servers table is read through its own repository.
      const row = await serverRows.findRow(serverId);
      return row ? { id: row.id, ip: row.ip, agentVersion: row.agentVersion } : null;
    },
  };
}
export type DatabasesRepository = ReturnType<typeof createDatabasesRepository>;
