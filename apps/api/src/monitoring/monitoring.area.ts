import { AGENT_PORT } from '@hostdeck/contracts';
import type { Alerts } from '../alerts/alerts.port.js';
import { defineArea } from '../area.js';
import type { PanelLog, PanelServices } from '../composition.js';
import { createAgentMetricsReader, createSshMetricsReader } from './metrics-readers.js';
import { createMonitoringRepository } from './monitoring.repository.js';
import { monitoringRoutes } from './monitoring.routes.js';
import { startMonitoringSchedule } from './monitoring.schedule.js';
import { createMonitoringService, type MonitoringService } from './monitoring.service.js';

/** A server is not checked for this long after its provisioning or an on-purpose restart. */
const QUIET_AFTER_RESTART_MS = 10 * 60_000;

/**
 * Until the alerts area is merged its port may be absent from the panel's services: incidents are
 * then written to the panel's log (nothing is sent). MERGE: the alerts area provides `alerts`.
 */
function alertsOf(panel: PanelServices): Alerts {
  const provided = (panel as PanelServices & { alerts?: Alerts }).alerts;
  if (provided) return provided;
  const log = (panel: PanelLog, message: string, details: Record<string, unknown>) =>
    panel.info(details, message);
  return {
    notify: async (input) => log(panel.appLog, 'alert', { ...input }),
    open: async (input) => log(panel.appLog, 'incident opened', { ...input }),
    resolve: async (input) => log(panel.appLog, 'incident resolved', { ...input }),
  };
}

/** Monitoring (issue 23 point 4, docs/monitoring.md): samples, charts, thresholds, reachability. */
export const monitoringArea = defineArea<{ monitoring: MonitoringService }>({
  name: 'monitoring',
  services: (panel) => ({
    monitoring: createMonitoringService({
      repository: createMonitoringRepository(panel.db),
      policy: panel.policy,
      alerts: alertsOf(panel),
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
