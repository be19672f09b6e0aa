import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { requireOrSkip } from '../../../../tools/testing/require-or-skip.js';
import type { DatabaseTarget } from '../database/database.js';

/**
 * The databases integration tests run on: PGlite always, and PostgreSQL when one answers
 * (DATABASE_URL, or the local server on 127.0.0.1:5432). Each PostgreSQL test gets a database of
 * its own, dropped afterwards. Under `npm test` (HOSTDECK_REQUIRE_ALL=1) PostgreSQL must answer: the
 * suites that need it fail rather than run on PGlite alone.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  create(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }>;
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function availableTestDatabases(): Promise<TestDatabase[]> {
  const databases: TestDatabase[] = [
    {
      name: 'pglite',
      create: async () => ({ target: { kind: 'pglite', dataDir: null }, drop: async () => {} }),
    },
  ];
  const postgres = await postgresAnswers();
  if (requireOrSkip(postgres, `PostgreSQL does not answer at ${redacted(adminUrl)}`)) {
    databases.push({ name: 'postgres', create: createPostgresDatabase });
  }
  return databases;
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function postgresAnswers(): Promise<boolean> {
  const url = new URL(adminUrl);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
  if (!reachable) return false;
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function createPostgresDatabase() {
  const name = `hostdeck_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The name is generated above from hex digits only: safe to place in DDL.
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() } as DatabaseTarget,
    async drop() {
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      // A pool's end() resolves before its sockets have closed: wait (briefly) for the test's own
      // sessions to go, or `force` kills one mid-goodbye and its FATAL is an unhandled error.
      for (let waited = 0; waited < 2000; waited += 50) {
        const sessions = await cleaner.query<{ count: number }>(
          'select count(*)::int as count from pg_stat_activity where datname = $1',
          [name],
        );
        if (sessions.rows[0]?.count === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
