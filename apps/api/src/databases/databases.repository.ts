import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { databases, databaseUsers, sites } from '../database/schema.js';
import { createServersRepository } from '../servers/servers.repository.js';

export type DatabaseRow = typeof databases.$inferSelect;
export type DatabaseUserRow = typeof databaseUsers.$inferSelect;
export type NewDatabaseRow = typeof databases.$inferInsert;
export type NewDatabaseUserRow = typeof databaseUsers.$inferInsert;

/** A database row with the name of the site that uses it. */
export type DatabaseWithSite = DatabaseRow & { siteName: string | null };

/** The databases and database users of a server (spec/000 §3) and what reaching its agent needs. */
export function createDatabasesRepository(db: Database) {
  const rows = databaseRows(db);
  return {
    ...rows,
    /** Runs `work` in one transaction (a sync's reconcile is all or nothing). */
    transaction<T>(work: (repository: DatabaseRows) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(databaseRows(tx as unknown as Database)));
    },
  };
}
export type DatabasesRepository = ReturnType<typeof createDatabasesRepository>;
export type DatabaseRows = ReturnType<typeof databaseRows>;

function databaseRows(db: Database) {
  const serverRows = createServersRepository(db);
  return {
    /** Every database of the server (of one engine when given), by name, with its site's name. */
    async listForServer(serverId: number, type?: string): Promise<DatabaseWithSite[]> {
      const rows = await db
        .select({ database: databases, siteName: sites.name })
        .from(databases)
        .leftJoin(sites, eq(sites.id, databases.siteId))
        .where(
          type === undefined
            ? eq(databases.serverId, serverId)
            : and(eq(databases.serverId, serverId), eq(databases.type, type)),
        )
        .orderBy(asc(databases.name), asc(databases.id));
      return rows.map((row) => ({ ...row.database, siteName: row.siteName }));
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

    async findWithSite(serverId: number, databaseId: number): Promise<DatabaseWithSite | null> {
      const [row] = await db
        .select({ database: databases, siteName: sites.name })
        .from(databases)
        .leftJoin(sites, eq(sites.id, databases.siteId))
        .where(and(eq(databases.id, databaseId), eq(databases.serverId, serverId)))
        .limit(1);
      return row ? { ...row.database, siteName: row.siteName } : null;
    },

    async findByName(serverId: number, type: string, name: string): Promise<DatabaseRow | null> {
      const [row] = await db
        .select()
        .from(databases)
        .where(and(eq(databases.serverId, serverId), eq(databases.type, type), eq(databases.name, name)))
        .limit(1);
      return row ?? null;
    },

    /** Inserts the row unless one of that name exists (null then: the unique index held). */
    async insertDatabase(values: NewDatabaseRow): Promise<DatabaseRow | null> {
      const [row] = await db.insert(databases).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async updateDatabase(id: number, values: Partial<NewDatabaseRow>): Promise<void> {
      await db.update(databases).set(values).where(eq(databases.id, id));
    },

    async deleteDatabase(id: number): Promise<void> {
      await db.delete(databases).where(eq(databases.id, id));
    },

    /** The server's address and agent version (null: no agent installed). */
    async agentOf(serverId: number): Promise<{ id: number; ip: string; agentVersion: number | null } | null> {
      // The servers table is read through its own repository.
      const row = await serverRows.findRow(serverId);
      return row ? { id: row.id, ip: row.ip, agentVersion: row.agentVersion } : null;
    },

    /** Every database user of the server (of one engine when given), by name and host. */
    listUsers(serverId: number, type?: string): Promise<DatabaseUserRow[]> {
      return db
        .select()
        .from(databaseUsers)
        .where(
          type === undefined
            ? eq(databaseUsers.serverId, serverId)
            : and(eq(databaseUsers.serverId, serverId), eq(databaseUsers.type, type)),
        )
        .orderBy(asc(databaseUsers.name), asc(databaseUsers.host), asc(databaseUsers.id));
    },

    async findUserOnServer(serverId: number, userId: number): Promise<DatabaseUserRow | null> {
      const [row] = await db
        .select()
        .from(databaseUsers)
        .where(and(eq(databaseUsers.id, userId), eq(databaseUsers.serverId, serverId)))
        .limit(1);
      return row ?? null;
    },

    async findUserByName(
      serverId: number,
      type: string,
      name: string,
      host: string,
    ): Promise<DatabaseUserRow | null> {
      const [row] = await db
        .select()
        .from(databaseUsers)
        .where(
          and(
            eq(databaseUsers.serverId, serverId),
            eq(databaseUsers.type, type),
            eq(databaseUsers.name, name),
            eq(databaseUsers.host, host),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Inserts the row unless that account exists (null then). */
    async insertUser(values: NewDatabaseUserRow): Promise<DatabaseUserRow | null> {
      const [row] = await db.insert(databaseUsers).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async updateUser(id: number, values: Partial<NewDatabaseUserRow>): Promise<void> {
      await db.update(databaseUsers).set(values).where(eq(databaseUsers.id, id));
    },

    async deleteUser(id: number): Promise<void> {
      await db.delete(databaseUsers).where(eq(databaseUsers.id, id));
    },

    async deleteUsers(ids: readonly number[]): Promise<void> {
      if (ids.length > 0) await db.delete(databaseUsers).where(inArray(databaseUsers.id, [...ids]));
    },
  };
}
