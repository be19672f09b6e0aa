import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { servers, users } from '../database/schema.js';
import { hashPassword } from '../accounts/passwords.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.repository.js';
import { createPersonalTeam } from '../teams/personal-team.repository.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';

/**
 * One fresh user per test, signed in: returns the row (with its personal team made current, as
 * registration does) and the Cookie header of its session. Verified unless `verified: false`;
 * with `password`, the password works for sign-in and password confirmations.
 */
export async function createSignedInUser(
  db: Database,
  name = 'Test User',
  options: { verified?: boolean; password?: string; email?: string } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      name,
      email: options.email ?? `${randomBytes(6).toString('hex')}@example.test`,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      passwordHash: options.password === undefined ? null : await hashPassword(options.password),
    })
    .returning();
  const team = await createPersonalTeam(db, user!);
  const token = await createSession(db, user!.id);
  return { user: { ...user!, currentTeamId: team.id }, team, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A server row for a booted test server, reached with its root password. */
export async function createServerRecord(
  db: Database,
  secretBox: SecretBox,
  values: { userId: number; ip: string; port: number; password: string; name?: string },
) {
  const [server] = await db
    .insert(servers)
    .values({
      userId: values.userId,
      name: values.name ?? 'test-server',
      ip: values.ip,
      port: values.port,
      sealedPassword: secretBox.seal(values.password, SECRET_PURPOSE.password),
    })
    .returning();
  return server!;
}
