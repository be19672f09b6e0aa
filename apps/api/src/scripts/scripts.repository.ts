import { and, asc, sql, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { customScripts, users } from '../database/schema.js';
import { likePattern } from '../servers/servers.repository.js';

export type ScriptRow = typeof customScripts.$inferSelect;
export interface ScriptWithAuthor {
  script: ScriptRow;
  author: { id: number; name: string; email: string; profilePhotoPath: string | null; verified: boolean };
}

interface ListOptions {
  page: number;
  perPage: number;
  search?: string | undefined;
}

/**
 * The sha256 (hex) of the stored content, computed by the database (script-hash.ts computes the
 * same in the panel): a shared script is listed only while this equals the approved hash, whatever
 * wrote the row.
 */
export const storedContentHash = sql`encode(sha256(convert_to(${customScripts.content}, 'UTF8')), 'hex')`;

const listedToEveryone = and(
  eq(customScripts.shared, true),
  eq(customScripts.approved, true),
  sql`${customScripts.approvedHash} = ${storedContentHash}`,
)!;

/** The custom_scripts table: a user's own scripts, and everyone's shared and approved ones. */
export function createScriptsRepository(db: Database) {
  async function list(
    where: SQL,
    options: ListOptions,
    order: 'newest' | 'oldest' = 'newest',
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
        userId: users.id,
        name: users.name,
        email: users.email,
        profilePhotoPath: users.profilePhotoPath,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(customScripts)
      .innerJoin(users, eq(users.id, customScripts.userId))
      .where(filter)
      .orderBy(
        ...(order === 'newest'
          ? [desc(customScripts.createdAt), desc(customScripts.id)]
          : [asc(customScripts.updatedAt), asc(customScripts.id)]),
      )
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage);
    return {
      total: Number(totalRow?.total ?? 0),
      rows: rows.map((row) => ({
        script: row.script,
        author: {
          id: row.userId,
          name: row.name,
          email: row.email,
          profilePhotoPath: row.profilePhotoPath,
          verified: row.emailVerifiedAt !== null,
        },
      })),
    };
  }

  return {
    /** Shared, approved, and the content is still the approved content (its hash pinned). */
    listShared: (options: ListOptions) => list(listedToEveryone, options),

    /** Shared scripts waiting for an administrator, the longest waiting first. */
    listPending: (options: ListOptions) =>
      list(
        and(
          eq(customScripts.shared, true),
          eq(customScripts.approved, false),
          isNull(customScripts.rejectionReason),
        )!,
        options,
        'oldest',
      ),

    async findListed(id: number): Promise<ScriptRow | undefined> {
      const [row] = await db
        .select()
        .from(customScripts)
        .where(and(eq(customScripts.id, id), listedToEveryone))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<ScriptRow | undefined> {
      const [row] = await db.select().from(customScripts).where(eq(customScripts.id, id)).limit(1);
      return row;
    },

    /** Approves the content whose hash the administrator read; undefined when it changed since. */
    async approve(id: number, contentHash: string): Promise<ScriptRow | undefined> {
      const [row] = await db
        .update(customScripts)
        .set({ approved: true, approvedHash: contentHash, rejectionReason: null, reviewedAt: new Date() })
        .where(and(eq(customScripts.id, id), sql`${storedContentHash} = ${contentHash}`))
        .returning();
      return row;
    },

    async reject(id: number, reason: string): Promise<ScriptRow> {
      const [row] = await db
        .update(customScripts)
        .set({ approved: false, approvedHash: null, rejectionReason: reason, reviewedAt: new Date() })
        .where(eq(customScripts.id, id))
        .returning();
      return row!;
    },

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

    async update(
      id: number,
      values: {
        memo: string;
        content: string;
        shared: boolean;
        approved: boolean;
        rejectionReason: string | null;
      },
    ) {
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
