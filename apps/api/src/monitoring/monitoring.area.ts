import { AGENT_PORT } from '@hostdeck/contracts';
import { defineArea } from '../area.js';
import { createAgentMetricsReader, createSshMetricsReader } from './metrics-readers.js';
import { createMonitoringRepository } from './monitoring.repository.js';
import { monitoringRoutes } from './monitoring.routes.js';
import { startMonitoringSchedule } from './monitoring.schedule.js';
import { createMonitoringService, type MonitoringService } from './monitoring.service.js';

/** A server is not checked for this long after its provisioning or an on-purpose restart. */
const QUIET_AFTER_RESTART_MS = 10 * 60_000;

/** Monitoring (issue 23 point 4, docs/monitoring.md): samples, charts, thresholds, reachability. */
export const monitoringArea = defineArea<{ monitoring: MonitoringService }>({
  name: 'monitoring',
  services: (panel) => ({
    monitoring: createMonitoringService({
      repository: createMonitoringRepository(panel.db),
      policy: panel.policy,
      alerts: panel.alerts,
      readAgent: createAgentMetricsReader({ signer: panel.agentSigner, port: AGENT_PORT }),
      readSsh: createSshMetricsReader({ executor: panel.executor, connections: panel.connections }),
      failuresToAlert: panel.config.monitoring.unreachableFailures,
      quietMs: QUIET_AFTER_RESTART_MS,
      // Each failed check is routine (the incident is what matters): info, not a warning per minute.
      log: (message, details) => panel.appLog.info(details, message),
    }),
  }),
  routes: monitoringRoutes,
  schedules: (app, { monitoring, config }) =>
    startMonitoringSchedule(app, monitoring, config.monitoring.intervalMs),
});
