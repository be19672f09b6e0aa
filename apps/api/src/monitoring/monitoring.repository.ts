import { and, asc, eq, gt, gte, inArray, lt, max, notInArray, or } from 'drizzle-orm';
import type { MetricsSample } from '@hostdeck/contracts/monitoring-sample';
import type { Database } from '../database/database.js';
import { events, serverMetrics, serverMonitoring, servers } from '../database/schema.js';
import { SERVER_EVENTS, SERVER_STATUS } from '../servers/server-events.js';
import { averageRows, DOWNSAMPLING, retentionCutoffs, RAW, type MetricsRow } from './metrics-retention.js';

export type MonitoringStateRow = typeof serverMonitoring.$inferSelect;

/**
 * Event types after which a server is expected not to answer for a while (issue 23 point 4: a
 * server restarted on purpose must not alert): a restart's event ends once the reboot is
 * scheduled, before the server goes down; the hotfix ends with a restart too.
 */
const RESTART_EVENT_TYPES = [
  SERVER_EVENTS.restartNormal.type,
  SERVER_EVENTS.restartHard.type,
  SERVER_EVENTS.hotfix.type,
];
/** Event types during which it may not answer: provisioning (it is not INSTALLED yet either). */
const BUSY_EVENT_TYPES = [SERVER_EVENTS.provision.type, ...RESTART_EVENT_TYPES];

/** A server the checks visit, with what the panel knows of its agent. */
export interface MonitoredServer {
  id: number;
  userId: number;
  name: string;
  ip: string;
  agentVersion: number | null;
}

const toRow = (sample: MetricsSample): MetricsRow => ({
  at: new Date(sample.at),
  cpu: sample.cpu,
  memoryUsed: Math.round(sample.memory.used),
  memoryTotal: Math.round(sample.memory.total),
  disks: sample.disks.map((disk) => ({
    mount: disk.mount,
    used: Math.round(disk.used),
    total: Math.round(disk.total),
  })),
  load1: sample.load[0],
  load5: sample.load[1],
  load15: sample.load[2],
  networkRx: sample.network.rx,
  networkTx: sample.network.tx,
});

/** `server_metrics` and `server_monitoring` (database/schema/monitoring.ts). */
export function createMonitoringRepository(db: Database) {
  const columns = {
    at: serverMetrics.at,
    cpu: serverMetrics.cpu,
    memoryUsed: serverMetrics.memoryUsed,
    memoryTotal: serverMetrics.memoryTotal,
    disks: serverMetrics.disks,
    load1: serverMetrics.load1,
    load5: serverMetrics.load5,
    load15: serverMetrics.load15,
    networkRx: serverMetrics.networkRx,
    networkTx: serverMetrics.networkTx,
  };
  return {
    /**
     * Installed servers, except those being provisioned or restarted on purpose, and those whose
     * restart ended less than `quietMs` ago (the reboot comes after the event).
     */
    async monitoredServers(now: Date, quietMs: number): Promise<MonitoredServer[]> {
      const rows = await db
        .select({
          id: servers.id,
          userId: servers.userId,
          name: servers.name,
          ip: servers.ip,
          agentVersion: servers.agentVersion,
        })
        .from(servers)
        .where(and(eq(servers.installed, true), eq(servers.status, SERVER_STATUS.installed)))
        .orderBy(asc(servers.id));
      if (rows.length === 0) return [];
      const quiet = await db
        .selectDistinct({ serverId: events.serverId })
        .from(events)
        .where(
          and(
            inArray(
              events.serverId,
              rows.map((row) => row.id),
            ),
            or(
              and(inArray(events.type, BUSY_EVENT_TYPES), eq(events.isFinished, false)),
              and(
                inArray(events.type, RESTART_EVENT_TYPES),
                gt(events.updatedAt, new Date(now.getTime() - quietMs)),
              ),
            ),
          ),
        );
      const skipped = new Set(quiet.map((row) => row.serverId));
      return rows.filter((row) => !skipped.has(row.id));
    },

    /**
     * Failed checks of servers not checked now (restarting, not installed) are forgotten: a count
     * started before a restart must not end, with one failure after it, in an unreachable alert.
     */
    async forgetFailuresExcept(checkedIds: readonly number[]): Promise<void> {
      await db
        .update(serverMonitoring)
        .set({ failures: 0 })
        .where(
          and(
            gt(serverMonitoring.failures, 0),
            checkedIds.length > 0 ? notInArray(serverMonitoring.serverId, [...checkedIds]) : undefined,
          ),
        );
    },

    /** The server's thresholds and check state; undefined until first checked or configured. */
    async state(serverId: number): Promise<MonitoringStateRow | undefined> {
      const [row] = await db.select().from(serverMonitoring).where(eq(serverMonitoring.serverId, serverId));
      return row;
    },

    async saveState(
      serverId: number,
      changes: Partial<Omit<MonitoringStateRow, 'serverId'>>,
    ): Promise<MonitoringStateRow> {
      const [row] = await db
        .insert(serverMonitoring)
        .values({ serverId, ...changes })
        .onConflictDoUpdate({ target: serverMonitoring.serverId, set: changes })
        .returning();
      return row!;
    },

    /** Stores samples as taken (a sample already stored, collected twice, is kept once). */
    async insertSamples(serverId: number, samples: readonly MetricsSample[]): Promise<void> {
      if (samples.length === 0) return;
      await db
        .insert(serverMetrics)
        .values(samples.map((sample) => ({ serverId, resolution: RAW, ...toRow(sample) })))
        .onConflictDoNothing();
    },

    /** The points of one resolution from `since` on, oldest first. */
    async points(serverId: number, resolution: number, since: Date): Promise<MetricsRow[]> {
      return db
        .select(columns)
        .from(serverMetrics)
        .where(
          and(
            eq(serverMetrics.serverId, serverId),
            eq(serverMetrics.resolution, resolution),
            gte(serverMetrics.at, since),
          ),
        )
        .orderBy(asc(serverMetrics.at));
    },

    /**
     * Makes the averages of every bucket that ended since the last one made (per server, per
     * level: samples into five minutes, five minutes into hours), then drops each level's rows
     * older than its retention. Returns the rows made and dropped.
     */
    async downsampleAndPrune(now: Date): Promise<{ made: number; dropped: number }> {
      let made = 0;
      for (const { from, to } of DOWNSAMPLING) {
        const serverIds = await db
          .selectDistinct({ serverId: serverMetrics.serverId })
          .from(serverMetrics)
          .where(eq(serverMetrics.resolution, from));
        for (const { serverId } of serverIds) {
          const [last] = await db
            .select({ at: max(serverMetrics.at) })
            .from(serverMetrics)
            .where(and(eq(serverMetrics.serverId, serverId), eq(serverMetrics.resolution, to)));
          const after = last?.at ? new Date(new Date(last.at).getTime() + to * 1000 - 1) : new Date(0);
          const source = await db
            .select(columns)
            .from(serverMetrics)
            .where(
              and(
                eq(serverMetrics.serverId, serverId),
                eq(serverMetrics.resolution, from),
                gt(serverMetrics.at, after),
              ),
            )
            .orderBy(asc(serverMetrics.at));
          const averages = averageRows(source, to, now);
          if (averages.length === 0) continue;
          await db
            .insert(serverMetrics)
            .values(averages.map((row) => ({ serverId, resolution: to, ...row })))
            .onConflictDoNothing();
          made += averages.length;
        }
      }
      let dropped = 0;
      for (const { resolution, before } of retentionCutoffs(now)) {
        const removed = await db
          .delete(serverMetrics)
          .where(and(eq(serverMetrics.resolution, resolution), lt(serverMetrics.at, before)))
          .returning({ at: serverMetrics.at });
        dropped += removed.length;
      }
      return { made, dropped };
    },
  };
}
export type MonitoringRepository = ReturnType<typeof createMonitoringRepository>;
