import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDialect = 'pglite' | 'postgres';

export interface DatabaseConnection {
  db: Database;
  dialect: DatabaseDialect;
  /** The embedded engine, when the dialect is PGlite (the job queue shares it). */
  pglite: PGlite | null;
  /** The connection pool, when the dialect is PostgreSQL. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

/**
 * The generated migrations live in apps/api/drizzle. This file runs from source (tests, at
 * src/database), from the bundle (dist/main.js) and from benchmarks (bench/dist), so look upwards.
 */
export const MIGRATIONS_DIR = findMigrationsFolder(path.dirname(fileURLToPath(import.meta.url)));
const migrationsFolder = MIGRATIONS_DIR;

function findMigrationsFolder(start: string): string {
  for (let directory = start; directory !== path.dirname(directory); directory = path.dirname(directory)) {
    for (const candidate of [path.join(directory, 'drizzle'), path.join(directory, 'apps/api/drizzle')]) {
      if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    }
  }
  throw new Error(`No drizzle migrations folder above ${start}`);
}

/** One round trip to the database (the health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

/** Opens the database and applies every pending migration before anything else reads it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseConnection> {
  if (target.kind === 'pglite') {
    const pglite = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      dialect: 'pglite',
      pglite,
      pool: null,
      close: () => pglite.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  const db = drizzlePostgres(pool, { schema });
  await migratePostgres(db, { migrationsFolder });
  return { db: db as unknown as Database, dialect: 'postgres', pglite: null, pool, close: () => pool.end() };
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
