import type { Database } from '../database/database.js';
import { teams, users } from '../database/schema.js';
import { eq } from 'drizzle-orm';

/**
 * Every user owns a personal team (spec/000 §3, §6), created with the account and made current.
 * Takes the database or a transaction, so registration creates user and team together.
 */
export async function createPersonalTeam(
  db: Pick<Database, 'insert' | 'update'>,
  user: { id: number; name: string },
): Promise<{ id: number }> {
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  const [team] = await db
    .insert(teams)
    .values({ userId: user.id, name: `${firstName}'s Team`, personalTeam: true })
    .returning({ id: teams.id });
  await db.update(users).set({ currentTeamId: team!.id }).where(eq(users.id, user.id));
  return team!;
}
