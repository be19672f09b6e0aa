import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseConnection } from '../database/database.js';

/**
 * The durable queue that schedules events (pg-boss, on PGlite and PostgreSQL alike). It only
 * schedules: the event row is the truth, so a job carries nothing but the event id.
 * The `singleton` policy keyed by server keeps at most one job per server active; the events
 * table's partial unique index guarantees the same in the database itself.
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
  const boss =
    connection.pglite !== null
      ? new PgBoss({ db: fromPglite(connection.pglite), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: requireUrl(options.databaseUrl), schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 4 * 60 * 60 });
  let workerId: string | null = null;

  return {
    async schedule(eventId, serverId, scheduleOptions = {}) {
      const id = await boss.send(
        QUEUE,
        { eventId },
        {
          singletonKey: serverId === null ? `event-${eventId}` : `server-${serverId}`,
          ...(scheduleOptions.delaySeconds ? { startAfter: scheduleOptions.delaySeconds } : {}),
        },
      );
      if (!id) throw new Error(`The queue refused event ${eventId}`);
      // Wake this process's worker at once instead of waiting for its next poll.
      if (workerId && !scheduleOptions.delaySeconds) boss.notifyWorker(workerId);
      return id;
    },
    async start(handler) {
      if (workerId) return;
      workerId = await boss.work<{ eventId: number }>(
        QUEUE,
        {
          localConcurrency: options.concurrency,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        },
        async ([job]) => {
          if (job) await handler(job.data.eventId);
        },
      );
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

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('The job queue needs DATABASE_URL on PostgreSQL');
  return url;
}
