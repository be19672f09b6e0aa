import { createRequire } from 'node:module';
import type { DatabaseConnection } from '../database/database.js';

/** The pg-boss schema version that the installed pg-boss creates and reads. */
export const SUPPORTED_QUEUE_SCHEMA: number = (
  createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }
).schema;

export interface CarriedJob {
  data: { eventId: number };
  startAfter: Date | null;
}

type Sql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * A data directory that a newer pg-boss used (HostDeck ran pg-boss 12, schema 46, before it
 * pinned pg-boss 10 for Node 20) holds a queue schema the installed pg-boss cannot read, nor
 * migrate down. The queue only schedules (the event rows are the truth), so the schema is dropped
 * and created again; the jobs that were still waiting are returned to be queued once more.
 * On PostgreSQL an advisory lock keeps two panels from dropping it twice.
 */
export async function retireNewerQueueSchema(
  connection: DatabaseConnection,
  schema: string,
  queue: string,
): Promise<CarriedJob[]> {
  if (connection.pglite) {
    const pglite = connection.pglite;
    return pglite.transaction((tx) =>
      retire((text, values) => tx.query<Record<string, unknown>>(text, values), schema, queue),
    );
  }
  const client = await connection.pool!.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('hostdeck.retire-queue-schema'))`);
    const carried = await retire((text, values) => client.query(text, values), schema, queue);
    await client.query('COMMIT');
    return carried;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function retire(sql: Sql, schema: string, queue: string): Promise<CarriedJob[]> {
  const exists = await sql('SELECT to_regclass($1) AS name', [`${schema}.version`]);
  if (!exists.rows[0]?.name) return [];
  // The schema name is a constant of job-queue.ts, never input: safe to place in SQL.
  const version = Number((await sql(`SELECT version FROM ${schema}.version`)).rows[0]?.version);
  if (!(version > SUPPORTED_QUEUE_SCHEMA)) return [];
  const waiting = await sql(
    `SELECT data, start_after FROM ${schema}.job
     WHERE name = $1 AND state IN ('created', 'retry') ORDER BY created_on`,
    [queue],
  );
  await sql(`DROP SCHEMA ${schema} CASCADE`);
  return waiting.rows.flatMap((row) => {
    const eventId = Number((row.data as { eventId?: unknown } | null)?.eventId);
    if (!Number.isInteger(eventId)) return [];
    return [
      {
        data: { eventId },
        startAfter: row.start_after instanceof Date ? row.start_after : null,
      },
    ];
  });
}
