import {
  MONITORING_DEFAULTS,
  type MetricsPoint,
  type MetricsRange,
  type MonitoringSettings,
  type ServerMetricsResponse,
} from '@hostdeck/contracts/monitoring';
import type { AlertType } from '@hostdeck/contracts/alerts';
import type { MetricsSample } from '@hostdeck/contracts/monitoring-sample';
import type { Alerts } from '../alerts/alerts.port.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { RANGE_WINDOWS, type MetricsRow } from './metrics-retention.js';
import {
  evaluateThresholds,
  nextReachability,
  type IncidentChange,
  type IncidentKind,
} from './monitoring-checks.js';
import type { MonitoredServer, MonitoringRepository, MonitoringStateRow } from './monitoring.repository.js';

/** The first agent version that samples (agent 25): older agents and none are read over SSH. */
export const METRICS_AGENT_VERSION = 25;

export interface MonitoringServiceDependencies {
  repository: MonitoringRepository;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  /** The alerts port (issue 23 point 3), implemented by the alerts area. */
  alerts: Alerts;
  /** The agent's samples after `since` (Unix ms). */
  readAgent(server: MonitoredServer, since: number): Promise<MetricsSample[]>;
  /** One sample over SSH (none on a server's first reading). */
  readSsh(server: MonitoredServer): Promise<MetricsSample[]>;
  /** Checks failing in a row before `server.unreachable` opens. */
  failuresToAlert: number;
  /** How long after a provisioning or restart a server is not checked. */
  quietMs: number;
  now?: () => Date;
  log(message: string, details: Record<string, unknown>): void;
}

const INCIDENT_TYPES: Record<IncidentKind, AlertType> = {
  disk: 'server.disk',
  cpu: 'server.cpu',
  memory: 'server.memory',
  unreachable: 'server.unreachable',
};

/** The key of a server's incident (`server:12:disk`): one open incident per server and kind. */
export const incidentKey = (serverId: number, kind: IncidentKind) => `server:${serverId}:${kind}`;

export function presentSettings(row: MonitoringStateRow | undefined): MonitoringSettings {
  if (!row) return { alerts_enabled: true, ...MONITORING_DEFAULTS };
  return {
    alerts_enabled: row.alertsEnabled,
    disk_percent: row.diskPercent,
    cpu_percent: row.cpuPercent,
    memory_percent: row.memoryPercent,
    consecutive_samples: row.consecutiveSamples,
  };
}

export function presentPoint(row: MetricsRow): MetricsPoint {
  const root = row.disks[0];
  return {
    at: row.at.toISOString(),
    cpu: row.cpu,
    memory_used: row.memoryUsed,
    memory_total: row.memoryTotal,
    disk_used: root?.used ?? 0,
    disk_total: root?.total ?? 0,
    disks: row.disks,
    load_1: row.load1,
    load_5: row.load5,
    load_15: row.load15,
    network_rx: row.networkRx,
    network_tx: row.networkTx,
  };
}

/**
 * Monitoring (issue 23 point 4, docs/monitoring.md): the charts' points and the thresholds for
 * users; for the schedule, the periodic check of every installed server (its new samples stored,
 * thresholds and reachability turned into incidents through the alerts port) and the pruning.
 */
export function createMonitoringService(dependencies: MonitoringServiceDependencies) {
  const { repository, alerts } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  async function applyChanges(server: MonitoredServer, opened: IncidentChange[], resolved: IncidentChange[]) {
    for (const { kind, facts } of opened)
      await alerts.open({
        key: incidentKey(server.id, kind),
        type: INCIDENT_TYPES[kind],
        subject: { serverId: server.id },
        facts: { server: server.name, ...facts },
      });
    for (const { kind, facts } of resolved)
      await alerts.resolve({ key: incidentKey(server.id, kind), facts: { server: server.name, ...facts } });
  }

  /** Reads the new samples: the agent's when it samples, else (or when it does not answer) SSH. */
  async function readSamples(server: MonitoredServer, since: number) {
    if ((server.agentVersion ?? 0) >= METRICS_AGENT_VERSION) {
      try {
        return { samples: await dependencies.readAgent(server, since), source: 'agent' as const };
      } catch (error) {
        dependencies.log('the agent did not answer for metrics; trying SSH', {
          serverId: server.id,
          error: String(error),
        });
      }
    }
    return { samples: await dependencies.readSsh(server), source: 'ssh' as const };
  }

  async function checkServer(server: MonitoredServer): Promise<void> {
    const state = await repository.state(server.id);
    const open = new Set<IncidentKind>((state?.openIncidents ?? []) as IncidentKind[]);
    const lastSampleAt = state?.lastSampleAt?.getTime() ?? now().getTime() - RANGE_WINDOWS['24h'].spanMs;
    let read: Awaited<ReturnType<typeof readSamples>> | null = null;
    try {
      read = await readSamples(server, lastSampleAt);
    } catch (error) {
      dependencies.log('server check failed', { serverId: server.id, error: String(error) });
    }
    const reach = nextReachability(
      { failures: state?.failures ?? 0, open: open.has('unreachable') },
      read !== null,
      dependencies.failuresToAlert,
    );
    if (reach.action === 'open') open.add('unreachable');
    if (reach.action === 'resolve') open.delete('unreachable');
    const changes: Partial<Omit<MonitoringStateRow, 'serverId'>> = { failures: reach.failures };
    const opened: IncidentChange[] =
      reach.action === 'open' ? [{ kind: 'unreachable', facts: { failures: reach.failures } }] : [];
    const resolved: IncidentChange[] = reach.action === 'resolve' ? [{ kind: 'unreachable', facts: {} }] : [];
    if (read) {
      const fresh = read.samples.filter((sample) => sample.at > lastSampleAt);
      await repository.insertSamples(server.id, fresh);
      changes.source = read.source;
      if (fresh.length > 0) {
        const outcome = evaluateThresholds(
          presentSettings(state),
          { cpuOver: state?.cpuOver ?? 0, memoryOver: state?.memoryOver ?? 0, open: [...open] },
          fresh,
        );
        for (const kind of outcome.state.open) open.add(kind);
        for (const { kind } of outcome.resolved) open.delete(kind);
        opened.push(...outcome.opened);
        resolved.push(...outcome.resolved);
        changes.cpuOver = outcome.state.cpuOver;
        changes.memoryOver = outcome.state.memoryOver;
        changes.lastSampleAt = new Date(Math.max(...fresh.map((sample) => sample.at)));
      }
    }
    changes.openIncidents = [...open];
    // The state first: a failure to deliver an alert must not make the next check send it again.
    await repository.saveState(server.id, changes);
    await applyChanges(server, opened, resolved);
  }

  return {
    async metrics(user: Caller, serverId: number, range: MetricsRange): Promise<ServerMetricsResponse> {
      await dependencies.policy.authorizeServer(user, serverId, 'view');
      const window = RANGE_WINDOWS[range];
      const rows = await repository.points(
        serverId,
        window.resolution,
        new Date(now().getTime() - window.spanMs),
      );
      const state = await repository.state(serverId);
      return {
        data: {
          range,
          resolution: window.resolution,
          source: state?.source ?? 'agent',
          points: rows.map(presentPoint),
        },
      };
    },

    async settings(user: Caller, serverId: number) {
      await dependencies.policy.authorizeServer(user, serverId, 'view');
      return { data: presentSettings(await repository.state(serverId)) };
    },

    async updateSettings(user: Caller, serverId: number, settings: MonitoringSettings) {
      await dependencies.policy.authorizeServer(user, serverId, 'configure');
      const row = await repository.saveState(serverId, {
        alertsEnabled: settings.alerts_enabled,
        diskPercent: settings.disk_percent,
        cpuPercent: settings.cpu_percent,
        memoryPercent: settings.memory_percent,
        consecutiveSamples: settings.consecutive_samples,
      });
      return { data: presentSettings(row) };
    },

    checkServer,

    /** One round: every installed server not in a quiet period, a few at a time. */
    async checkAll(): Promise<number> {
      const servers = await repository.monitoredServers(now(), dependencies.quietMs);
      await repository.forgetFailuresExcept(servers.map((server) => server.id));
      const queue = [...servers];
      const worker = async () => {
        for (let server = queue.shift(); server; server = queue.shift()) {
          await checkServer(server).catch((error: unknown) =>
            dependencies.log('monitoring check failed', { serverId: server!.id, error: String(error) }),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(4, servers.length) }, worker));
      return servers.length;
    },

    /** The averages made and what is past retention dropped (metrics-retention.ts). */
    prune: () => repository.downsampleAndPrune(now()),
  };
}
export type MonitoringService = ReturnType<typeof createMonitoringService>;
