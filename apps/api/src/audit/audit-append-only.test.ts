import { describe, expect, it } from 'vitest';
import { auditLogs } from '../database/schema.js';
import { useTestDatabase } from '../policy/testing/policy-fixtures.js';
import { eq, sql } from '../testing/sql.js';
import { availableTestDatabases } from '../testing/test-databases.js';

/**
 * The audit log is append-only in the database itself (migration 0020's triggers): on PGlite and on
 * PostgreSQL, UPDATE, DELETE and TRUNCATE are refused while INSERT and SELECT work.
 */
describe.each(await availableTestDatabases())('audit_logs on $name', (database) => {
  const db = useTestDatabase(database);

  it('accepts new entries and refuses to change or remove any', async () => {
    const [row] = await db()
      .insert(auditLogs)
      .values({
        userId: 1,
        method: 'DELETE',
        route: '/api/teams/:team',
        params: { team: 7 },
        teamId: 7,
        status: 204,
      })
      .returning();
    await expect(
      db().update(auditLogs).set({ status: 500 }).where(eq(auditLogs.id, row!.id)),
    ).rejects.toThrow();
    await expect(db().delete(auditLogs).where(eq(auditLogs.id, row!.id))).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_logs`)).rejects.toThrow();
    expect(await db().select().from(auditLogs)).toEqual([row]);
  });
});
