import { and, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { databases } from '../database/schema.js';

/** The database rows a restore into a new site records (SQL of this feature only). */
export function createRestoredDatabaseRows(db: Database) {
  return {
    async nameTaken(serverId: number, type: string, name: string) {
      const [row] = await db
        .select({ id: databases.id })
        .from(databases)
        .where(and(eq(databases.serverId, serverId), eq(databases.type, type), eq(databases.name, name)));
      return row !== undefined;
    },
    async insert(values: { serverId: number; siteId: number; type: string; name: string }) {
      const [row] = await db
        .insert(databases)
        .values({ ...values, status: 'creating' })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    async remove(id: number) {
      await db.delete(databases).where(eq(databases.id, id));
    },
    /** The event's end: the site's `creating` databases become active, or go when it failed. */
    async settle(siteId: number, passed: boolean) {
      const mine = and(eq(databases.siteId, siteId), eq(databases.status, 'creating'));
      if (passed) await db.update(databases).set({ status: 'active' }).where(mine);
      else await db.delete(databases).where(mine);
    },
  };
}
