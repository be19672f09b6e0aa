import type { FastifyInstance } from 'fastify';
import { parseScheduleInventory, scheduleInventory } from '@hostdeck/recipes/schedules';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import type { SchedulesRepository } from './schedules.repository.js';

/** The wrapper's exit status for a run skipped because the previous one still ran (schedule.sh). */
const SKIPPED = 75;

export interface ScheduleFailureDependencies {
  repository: Pick<SchedulesRepository, 'listActive'>;
  inventory: Pick<InventoryReader, 'read'>;
  alerts: Pick<AlertsService, 'notifyOnce'>;
  log: (message: string, details: Record<string, unknown>) => void;
}

/**
 * `cron.failed` (docs/alerts.md): nothing on a server tells the panel when a cron job fails, but
 * the wrapper records every run (start, end, exit code) and the schedule inventory reads each
 * job's last run. This check reads it for every server with active jobs and alerts each failed
 * cron run once (alert_notices, keyed by job and start time): a run that exited non-zero,
 * including a time-out; a run skipped because the previous one still ran is not a failure.
 * A server that cannot be read is skipped (the unreachable alert is monitoring's).
 */
export async function checkScheduleFailures(dependencies: ScheduleFailureDependencies): Promise<number> {
  const jobs = await dependencies.repository.listActive();
  const byServer = new Map<number, typeof jobs>();
  for (const job of jobs) byServer.set(job.serverId, [...(byServer.get(job.serverId) ?? []), job]);
  let alerted = 0;
  for (const [serverId, serverJobs] of byServer) {
    let inventory;
    try {
      inventory = await dependencies.inventory.read(serverId, scheduleInventory, {}, parseScheduleInventory);
    } catch (error) {
      dependencies.log('cron jobs could not be read for failed runs', { serverId, error: String(error) });
      continue;
    }
    for (const job of serverJobs) {
      const run = inventory.lastRuns.get(job.id);
      if (!run || run.trigger !== 'cron' || run.exitCode === null) continue;
      if (run.exitCode === 0 || run.exitCode === SKIPPED) continue;
      const first = await dependencies.alerts.notifyOnce(`cron:${job.id}:${run.startedAt}`, {
        type: 'cron.failed',
        subject: { serverId },
        facts: {
          job: job.command.length > 60 ? `${job.command.slice(0, 60)}…` : job.command,
          exit_code: run.exitCode,
          detail: `exit ${run.exitCode}${run.exitCode === 124 || run.exitCode === 137 ? ' (time limit)' : ''}`,
        },
      });
      if (first) alerted += 1;
    }
  }
  return alerted;
}

/** The periodic check: a timer set when the app is ready, unref'd, cleared on close. */
export function startScheduleFailureChecks(
  app: FastifyInstance,
  intervalMs: number,
  dependencies: ScheduleFailureDependencies,
) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    checkScheduleFailures(dependencies)
      .catch((error: unknown) => app.log.error({ err: error }, 'cron failure check failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(check, intervalMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
