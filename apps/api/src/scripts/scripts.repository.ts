import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { customScripts, users } from '../database/schema.js';
import { likePattern } from '../servers/servers.repository.js';

export type ScriptRow = typeof customScripts.$inferSelect;
export interface ScriptWithAuthor {
  script: ScriptRow;
  author: { name: string; profilePhotoPath: string | null; verified: boolean };
}

interface ListOptions {
  page: number;
  perPage: number;
  search?: string | undefined;
}

/** The custom_scripts table: a user's own scripts, and everyone's shared and approved ones. */
export function createScriptsRepository(db: Database) {
  async function list(
    where: SQL,
    options: ListOptions,
  ): Promise<{ total: number; rows: ScriptWithAuthor[] }> {
    const conditions = [where];
    if (options.search) {
      const pattern = likePattern(options.search);
      conditions.push(or(ilike(customScripts.memo, pattern), ilike(customScripts.content, pattern))!);
    }
    const filter = and(...conditions);
    const [totalRow] = await db.select({ total: count() }).from(customScripts).where(filter);
    const rows = await db
      .select({
        script: customScripts,
        name: users.name,
        profilePhotoPath: users.profilePhotoPath,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(customScripts)
      .innerJoin(users, eq(users.id, customScripts.userId))
      .where(filter)
      .orderBy(desc(customScripts.createdAt), desc(customScripts.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage);
    return {
      total: Number(totalRow?.total ?? 0),
      rows: rows.map((row) => ({
        script: row.script,
        author: {
          name: row.name,
          profilePhotoPath: row.profilePhotoPath,
          verified: row.emailVerifiedAt !== null,
        },
      })),
    };
  }

  return {
    listShared: (options: ListOptions) =>
      list(and(eq(customScripts.shared, true), eq(customScripts.approved, true))!, options),

    listOwned: (userId: number, options: ListOptions) => list(eq(customScripts.userId, userId), options),

    async findOwned(userId: number, id: number): Promise<ScriptRow | undefined> {
      const [row] = await db
        .select()
        .from(customScripts)
        .where(and(eq(customScripts.id, id), eq(customScripts.userId, userId)))
        .limit(1);
      return row;
    },

    async insert(values: { userId: number; memo: string; content: string; shared: boolean }) {
      const [row] = await db.insert(customScripts).values(values).returning();
      return row!;
    },

    async update(id: number, values: { memo: string; content: string; shared: boolean; approved: boolean }) {
      const [row] = await db
        .update(customScripts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(customScripts.id, id))
        .returning();
      return row!;
    },

    async remove(id: number) {
      await db.delete(customScripts).where(eq(customScripts.id, id));
    },
  };
}
export type ScriptsRepository = ReturnType<typeof createScriptsRepository>;
