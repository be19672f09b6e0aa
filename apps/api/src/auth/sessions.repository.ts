import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { sessions, users } from '../database/schema.js';

export const SESSION_COOKIE = 'hostdeck_session';
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session and returns the token for the cookie; the table stores only its hash. */
export async function createSession(
  db: Database,
  userId: number,
  client: { ipAddress?: string | null; userAgent?: string | null } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    ipAddress: client.ipAddress ?? null,
    userAgent: client.userAgent ?? null,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  return token;
}

export async function findUserBySessionToken(db: Database, token: string): Promise<UserRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}
