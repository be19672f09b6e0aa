import { describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../database/schema.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { useTestDatabase } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { balanceOf, InsufficientBalanceError, ledgerMismatches, post } from './ledger.js';

const databases = await availableTestDatabases();

describe.each(databases.map((database) => [database.name, database] as const))(
  'the ledger on %s',
  (_kind, database) => {
    const db = useTestDatabase(database);
    let seq = 0;
    async function newUser(): Promise<number> {
      seq += 1;
      const [row] = await db()
        .insert(users)
        .values({ name: `Ledger ${seq}`, email: `ledger-${seq}-${Date.now()}@example.test` })
        .returning({ id: users.id });
      return row!.id;
    }

    it('posts a key once, even when the same posting races itself', async () => {
      const userId = await newUser();
      const posting = {
        userId,
        amountCents: 1000,
        type: 'topup' as const,
        reference: 'topup:1',
        idempotencyKey: `stripe:pi_${userId}`,
      };
      const results = await Promise.allSettled([
        post(db(), posting),
        post(db(), posting),
        post(db(), posting),
      ]);
      const created = results.filter((result) => result.status === 'fulfilled' && result.value.created);
      expect(created).toHaveLength(1);
      expect(await balanceOf(db(), userId)).toBe(1000);
      const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
      expect(rows).toHaveLength(1);
      expect(await ledgerMismatches(db())).toEqual([]);
    });

    it('refuses a charge larger than the balance and moves nothing', async () => {
      const userId = await newUser();
      await post(db(), {
        userId,
        amountCents: 500,
        type: 'topup',
        reference: 't',
        idempotencyKey: `t:${userId}`,
      });
      await expect(
        post(db(), {
          userId,
          amountCents: -600,
          type: 'charge',
          reference: 'i',
          idempotencyKey: `i:${userId}`,
        }),
      ).rejects.toBeInstanceOf(InsufficientBalanceError);
      expect(await balanceOf(db(), userId)).toBe(500);
      const charged = await post(db(), {
        userId,
        amountCents: -200,
        type: 'charge',
        reference: 'i2',
        idempotencyKey: `i2:${userId}`,
      });
      expect(charged.entry.balanceAfterCents).toBe(300);
      expect(await ledgerMismatches(db())).toEqual([]);
    });

    it('keeps concurrent postings of one account in order', async () => {
      const userId = await newUser();
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          post(db(), {
            userId,
            amountCents: 100,
            type: 'topup',
            reference: `r${index}`,
            idempotencyKey: `c:${userId}:${index}`,
          }),
        ),
      );
      expect(await balanceOf(db(), userId)).toBe(1000);
      const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
      expect(rows.map((row) => row.balanceAfterCents).sort((a, b) => a - b)).toEqual([
        100, 200, 300, 400, 500, 600, 700, 800, 900, 1000,
      ]);
      expect(await ledgerMismatches(db())).toEqual([]);
    });
  },
);
