import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { servers, users } from '../database/schema.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.repository.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';

/** One fresh user per test, signed in: returns the row and the Cookie header of its session. */
export async function createSignedInUser(db: Database, name = 'Test User') {
  const [user] = await db
    .insert(users)
    .values({ name, email: `${randomBytes(6).toString('hex')}@example.test`, emailVerifiedAt: new Date() })
    .returning();
  const token = await createSession(db, user!.id);
  return { user: user!, cookie: `${SESSION_COOKIE}=${token}` };
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
