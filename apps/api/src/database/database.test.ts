import { eq, sql } from '../testing/sql.js';
import { afterAll, describe, expect, it } from 'vitest';
import { availableTestDatabases } from '../testing/test-databases.js';
import { openDatabase } from './database.js';
import { users } from './schema.js';

const databases = await availableTestDatabases();

describe.each(databases)('database on $name', (database) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('applies the migrations, stores rows, and reopens without migrating twice', async () => {
    const created = await database.create();
    cleanups.push(created.drop);
    const first = await openDatabase(created.target);
    const [inserted] = await first.db
      .insert(users)
      .values({ name: 'Lan', email: 'Lan@Example.com' })
      .returning({ id: users.id });
    expect(inserted?.id).toBeGreaterThan(0);
    // Emails are unique whatever their case.
    await expect(
      first.db.insert(users).values({ name: 'Lan 2', email: 'lan@example.com' }),
    ).rejects.toThrow();
    if (first.dialect === 'postgres') await first.close();

    const second = first.dialect === 'postgres' ? await openDatabase(created.target) : first;
    const rows = await second.db.select().from(users).where(eq(users.id, inserted!.id));
    expect(rows[0]?.email).toBe('Lan@Example.com');
    const applied = (await second.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { count: number }[] };
    expect(Number(applied.rows[0]?.count)).toBeGreaterThan(0);
    await second.close();
  });
});
