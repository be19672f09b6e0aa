import type { FastifyInstance } from 'fastify';
import type { MonitoringService } from './monitoring.service.js';

/** Downsampling and pruning run hourly: the coarsest level the charts read is an hour. */
const PRUNE_INTERVAL_MS = 3600_000;

/**
 * Starts the checks with the app (issue 23 point 4): every `intervalMs` every installed server
 * is checked (samples collected, thresholds and reachability), and hourly the metrics are
 * downsampled and pruned. A round still running when the next is due is not doubled.
 */
export function startMonitoringSchedule(
  app: FastifyInstance,
  monitoring: Pick<MonitoringService, 'checkAll' | 'prune'>,
  intervalMs: number,
) {
  if (intervalMs <= 0) return;
  const timers: NodeJS.Timeout[] = [];
  let checking = false;
  const check = () => {
    if (checking) return;
    checking = true;
    monitoring
      .checkAll()
      .catch((error: unknown) => app.log.error({ err: error }, 'monitoring check failed'))
      .finally(() => {
        checking = false;
      });
  };
  const prune = () => {
    monitoring.prune().catch((error: unknown) => app.log.error({ err: error }, 'metrics pruning failed'));
  };
  app.addHook('onReady', async () => {
    timers.push(setInterval(check, intervalMs).unref());
    timers.push(setInterval(prune, PRUNE_INTERVAL_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
