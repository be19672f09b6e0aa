import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { idempotencyKeys } from '../database/schema.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
export interface IdempotencyCall {
  caller: string;
  method: string;
  route: string;
  key: string;
}

/** The idempotency_keys table: claims a key for a call, keeps its answer, finds it again. */
export function createIdempotencyRepository(db: Database) {
  const same = (call: IdempotencyCall) =>
    and(
      eq(idempotencyKeys.caller, call.caller),
      eq(idempotencyKeys.method, call.method),
      eq(idempotencyKeys.route, call.route),
      eq(idempotencyKeys.key, call.key),
    );
  return {
    /** Claims the key (status null: running); the row already there when another call has it. */
    async claim(
      call: IdempotencyCall,
      bodyHash: string,
      expiresAt: Date,
      now: Date,
    ): Promise<{ claimed: true; id: number } | { claimed: false; row: IdempotencyRow }> {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const [inserted] = await db
          .insert(idempotencyKeys)
          .values({ ...call, bodyHash, expiresAt })
          .onConflictDoNothing()
          .returning({ id: idempotencyKeys.id });
        if (inserted) return { claimed: true, id: inserted.id };
        const [row] = await db.select().from(idempotencyKeys).where(same(call)).limit(1);
        if (!row) continue;
        if (row.expiresAt.getTime() > now.getTime()) return { claimed: false, row };
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
      }
      throw new Error('Idempotency-Key could not be claimed');
    },

    async finish(id: number, status: number, contentType: string | null, body: string | null) {
      await db.update(idempotencyKeys).set({ status, contentType, body }).where(eq(idempotencyKeys.id, id));
    },

    async release(id: number) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    },

    async deleteExpired(now: Date) {
      await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
