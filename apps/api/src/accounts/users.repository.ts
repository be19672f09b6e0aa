import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { subscriptions, users } from '../database/schema.js';
import type { UserRow } from '../auth/sessions.repository.js';

export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>;

/** Emails are unique case-insensitively (the users_email_unique index is on lower(email)). */
const emailIs = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(emailIs(email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function isEmailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? emailIs(email) : and(emailIs(email), ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

/** Takes the database or a transaction: registration inserts the user and its team together. */
export async function insertUser(
  db: Pick<Database, 'insert'>,
  values: Omit<typeof users.$inferInsert, 'id'>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Database, id: number, changes: UserChanges): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/**
 * Replaces a sealed two-factor column only if it still holds what the caller read: of two
 * requests using the same code or recovery code at once, exactly one wins.
 */
export async function swapTwoFactorColumn(
  db: Database,
  id: number,
  column: 'sealedTwoFactorSecret' | 'sealedTwoFactorRecoveryCodes',
  expected: string,
  replacement: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ [column]: replacement })
    .where(and(eq(users.id, id), eq(users[column], expected)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The subscription that makes a user paid: status active and not ended (spec/000 §3, §6). */
export async function findActiveSubscription(db: Database, userId: number) {
  const rows = await db
    .select({ plan: subscriptions.plan, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, new Date())),
      ),
    )
    .orderBy(sql`${subscriptions.endsAt} desc nulls first`, desc(subscriptions.id))
    .limit(1);
  return rows[0] ?? null;
}

/** A write refused by a unique index (PostgreSQL 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}
