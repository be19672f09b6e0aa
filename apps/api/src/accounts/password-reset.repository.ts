import { and, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { passwordResetTokens } from '../database/schema.js';

/** One outstanding reset per (lowercased) email: asking again replaces the earlier token. */
export async function storeResetToken(db: Database, email: string, tokenHash: string): Promise<void> {
  const createdAt = new Date();
  await db
    .insert(passwordResetTokens)
    .values({ email, tokenHash, createdAt })
    .onConflictDoUpdate({ target: passwordResetTokens.email, set: { tokenHash, createdAt } });
}

/**
 * Deletes the token if it matches and returns when it was made. Deleting first uses it up
 * atomically: of two requests with one token, one wins. (Comparing SHA-256 digests in SQL leaks
 * nothing useful about the token itself.)
 */
export async function takeResetToken(db: Database, email: string, tokenHash: string): Promise<Date | null> {
  const [row] = await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.email, email), eq(passwordResetTokens.tokenHash, tokenHash)))
    .returning({ createdAt: passwordResetTokens.createdAt });
  return row?.createdAt ?? null;
}
