import { lt, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { usedTerminalTokens } from '../database/schema.js';

/**
 * Rows are kept this long past their token's expiry before they are purged: a panel process whose
 * clock runs behind still thinks the token valid for a while, and must still find it spent.
 */
const PURGE_AFTER_EXPIRY = sql`interval '10 minutes'`;

/**
 * The single-use rule of terminal tokens (SECURITY.md, cross-site websockets): a token's jti is
 * remembered until the token expires, and a second use is refused. Kept in the panel's database
 * (PostgreSQL, or PGlite when embedded): with several panel processes behind a balancer, the unique
 * jti row makes exactly one of them accept a token, whichever process the browser reaches.
 */
export function createUsedTokens(db: Database, now: () => number = () => Math.floor(Date.now() / 1000)) {
  return {
    /** True the first time a jti is presented before `expiresAt` (unix seconds); false after. */
    async consume(jti: string, expiresAt: number): Promise<boolean> {
      if (expiresAt < now()) return false;
      await db
        .delete(usedTerminalTokens)
        .where(lt(usedTerminalTokens.expiresAt, sql`now() - ${PURGE_AFTER_EXPIRY}`));
      const inserted = await db
        .insert(usedTerminalTokens)
        .values({ jti, expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ jti: usedTerminalTokens.jti });
      return inserted.length === 1;
    },
  };
}
export type UsedTokens = ReturnType<typeof createUsedTokens>;
