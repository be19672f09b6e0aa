import { asc, count, eq, min } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers, users } from '../database/schema.js';

/** The read-only lists of the admin area: every user, every server with its owner. */
export function createAdminRepository(db: Database) {
  return {
    /** The first registered user: the administrator when ADMIN_EMAILS is unset. */
    async firstUserId(): Promise<number | undefined> {
      const [first] = await db.select({ id: min(users.id) }).from(users);
      return first?.id ?? undefined;
    },

    async listUsers(page: number, perPage: number) {
      const [totalRow] = await db.select({ total: count() }).from(users);
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .orderBy(asc(users.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: Number(totalRow?.total ?? 0), rows };
    },

    async listServers(page: number, perPage: number) {
      const [totalRow] = await db.select({ total: count() }).from(servers);
      const rows = await db
        .select({
          id: servers.id,
          name: servers.name,
          ip: servers.ip,
          createdAt: servers.createdAt,
          ownerId: users.id,
          ownerName: users.name,
          ownerEmail: users.email,
        })
        .from(servers)
        .innerJoin(users, eq(users.id, servers.userId))
        .orderBy(asc(servers.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: Number(totalRow?.total ?? 0), rows };
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
