import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { DatabaseConnection } from '../database/database.js';
import { retireNewerQueueSchema, type CarriedJob } from './queue-schema.js';

/**
 * The durable queue that schedules events (pg-boss, on PGlite and PostgreSQL alike). It only
 * schedules: the event row is the truth, so a job carries nothing but the event id. One event at
 * a time per server, in the order they were queued, is the events table's rule (its partial unique
 * index and `claim`): a job whose server is busy is queued again shortly (panel.ts).
 *
 * pg-boss 10 is the newest release whose declared engines include Node 20 (11 and later need
 * Node 22), so PGlite is reached through `pgliteDatabase` below instead of pg-boss's own adapter.
 * Its `singleton` policy is not used: with one job per fetch, a waiting job of a busy server at the
 * head of the queue would fail every fetch and hold back the other servers' jobs.
 */
export interface JobQueue {
  schedule(eventId: number, serverId: number | null, options?: { delaySeconds?: number }): Promise<string>;
  start(handler: (eventId: number) => Promise<void>): Promise<void>;
  /** Releases a job whose worker is gone (the reaper calls it after expiring the event). */
  release(jobId: string): Promise<void>;
  cancel(jobId: string): Promise<void>;
  stop(): Promise<void>;
}

const QUEUE = 'server-events';
const SCHEMA = 'pgboss';

export async function createJobQueue(
  connection: DatabaseConnection,
  options: {
    concurrency: number;
    /** Required on PostgreSQL: pg-boss keeps a pool of its own. */
    databaseUrl?: string | undefined;
    pollingIntervalSeconds?: number;
    onError?: (error: unknown) => void;
  },
): Promise<JobQueue> {
  const carried = await retireNewerQueueSchema(connection, SCHEMA, QUEUE);
  // `schedule: false`: no cron jobs here, so pg-boss need not poll its clock and schedule tables.
  const boss =
    connection.pglite !== null
      ? new PgBoss({ db: pgliteDatabase(connection.pglite), schema: SCHEMA, schedule: false })
      : new PgBoss({
          connectionString: requireUrl(options.databaseUrl),
          schema: SCHEMA,
          max: 4,
          schedule: false,
        });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(QUEUE, {
    name: QUEUE,
    policy: 'standard',
    retryLimit: 0,
    expireInSeconds: 4 * 60 * 60,
  });
  const workerIds: string[] = [];
  let nextWorker = 0;

  const schedule: JobQueue['schedule'] = async (eventId, _serverId, scheduleOptions = {}) => {
    const id = await boss.send(
      QUEUE,
      { eventId },
      scheduleOptions.delaySeconds ? { startAfter: scheduleOptions.delaySeconds } : {},
    );
    if (!id) throw new Error(`The queue refused event ${eventId}`);
    // Wake one of this process's workers at once instead of waiting for its next poll.
    if (workerIds.length > 0 && !scheduleOptions.delaySeconds) {
      boss.notifyWorker(workerIds[nextWorker % workerIds.length]!);
      nextWorker += 1;
    }
    return id;
  };
  await resendCarriedJobs(boss, carried);

  return {
    schedule,
    async start(handler) {
      if (workerIds.length > 0) return;
      // pg-boss 10 runs one job at a time per worker: the concurrency is the number of workers.
      for (let index = 0; index < options.concurrency; index += 1) {
        const id = await boss.work<{ eventId: number }>(
          QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (job) await handler(job.data.eventId);
          },
        );
        workerIds.push(id);
      }
    },
    async release(jobId) {
      await boss.fail(QUEUE, jobId, { reason: 'lease expired' }).catch(() => {});
    },
    async cancel(jobId) {
      await boss.cancel(QUEUE, jobId).catch(() => {});
    },
    async stop() {
      await boss.stop({ graceful: false, close: true, timeout: 5000 });
    },
  };
}

/** Jobs that waited in a retired queue schema are queued again, with their start times. */
async function resendCarriedJobs(boss: PgBoss, carried: CarriedJob[]) {
  for (const job of carried) {
    await boss.send(
      QUEUE,
      job.data,
      job.startAfter && job.startAfter.getTime() > Date.now() ? { startAfter: job.startAfter } : {},
    );
  }
}

/**
 * PGlite as pg-boss's database: one embedded connection instead of a pool.
 * - Without parameters pg-boss sends whole scripts (schema creation, `BEGIN; …; COMMIT;` blocks),
 *   which only the simple query protocol (`exec`) runs; the rows of every statement are returned.
 * - A statement that fails inside such a block leaves the one connection in an aborted transaction
 *   that would poison every later query (a pool hands out another connection): roll it back.
 * - Once the database is closed (the panel shutting down), a handler that outlived `stop()` (it is
 *   not graceful) still has pg-boss record its end: nothing can be written any more, and throwing
 *   there is an unhandled rejection inside pg-boss. It is dropped; the event row is the truth and
 *   its lease expires to the reaper.
 */
export function pgliteDatabase(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (pglite.closed) return { rows: [] };
      try {
        if (values?.length) return await pglite.query<Record<string, unknown>>(text, values);
        const results = await pglite.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      } catch (error) {
        await pglite.query('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('The job queue needs DATABASE_URL on PostgreSQL');
  return url;
}
