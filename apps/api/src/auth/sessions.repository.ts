import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { sessions, users } from '../database/schema.js';

export const SESSION_COOKIE = 'hostdeck_session';
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** last_activity_at is written at most this often per session: one UPDATE a minute, not per request. */
export const SESSION_ACTIVITY_RESOLUTION_MS = 60 * 1000;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** The stored id of a session: the SHA-256 of its cookie token. */
export const sessionIdOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session and returns the token for the cookie; the table stores only its hash. */
export async function createSession(
  db: Database,
  userId: number,
  client: { ipAddress?: string | null; userAgent?: string | null } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: sessionIdOfToken(token),
    userId,
    ipAddress: client.ipAddress ?? null,
    // The header is the client's to choose: keep a bounded amount of it.
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  return token;
}

/** The live session of a cookie token and its user, recording the activity (at most once a minute). */
export async function findSessionByToken(
  db: Database,
  token: string,
): Promise<{ user: UserRow; sessionId: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const sessionId = sessionIdOfToken(token);
  const now = new Date();
  const rows = await db
    .select({ user: users, lastActivityAt: sessions.lastActivityAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastActivityAt.getTime() >= SESSION_ACTIVITY_RESOLUTION_MS) {
    await db.update(sessions).set({ lastActivityAt: now }).where(eq(sessions.id, sessionId));
  }
  return { user: row.user, sessionId };
}

export async function findUserBySessionToken(db: Database, token: string): Promise<UserRow | null> {
  return (await findSessionByToken(db, token))?.user ?? null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionIdOfToken(token)));
}

/** The user's sessions that have not expired, most recently active first. */
export async function listUserSessions(db: Database, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastActivityAt));
}

/** Signs the user out everywhere except the session `keepSessionId` (when given). */
export async function deleteUserSessions(
  db: Database,
  userId: number,
  options: { keepSessionId?: string | null } = {},
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      options.keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, options.keepSessionId))
        : eq(sessions.userId, userId),
    );
}

/** Removes the user's sessions past their expiry (at sign-in), so the table does not grow forever. */
export async function deleteExpiredSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
}
