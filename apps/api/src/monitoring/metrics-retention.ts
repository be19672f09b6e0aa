import type { MetricsRange } from '@hostdeck/contracts/monitoring';

/**
 * How long each resolution of `server_metrics` is kept (issue 23 point 4: 30 days with
 * downsampling): the samples as taken for 24 hours, five-minute averages for 7 days, hourly
 * averages for 30 days. Each coarser level is made from the one before it.
 */
export const RAW = 0;
export const FIVE_MINUTES = 300;
export const HOUR = 3600;
const DAY_MS = 24 * 3600_000;

export const RETENTION_MS: Record<number, number> = {
  [RAW]: DAY_MS,
  [FIVE_MINUTES]: 7 * DAY_MS,
  [HOUR]: 30 * DAY_MS,
};

/** Which level is averaged into which. */
export const DOWNSAMPLING = [
  { from: RAW, to: FIVE_MINUTES },
  { from: FIVE_MINUTES, to: HOUR },
] as const;

/** A chart range: how far back, at which resolution (at most about 2,000 points each). */
export const RANGE_WINDOWS: Record<MetricsRange, { spanMs: number; resolution: number }> = {
  '1h': { spanMs: 3600_000, resolution: RAW },
  '24h': { spanMs: DAY_MS, resolution: RAW },
  '7d': { spanMs: 7 * DAY_MS, resolution: FIVE_MINUTES },
  '30d': { spanMs: 30 * DAY_MS, resolution: HOUR },
};

/** One stored point: a sample, or an average over its bucket starting at `at`. */
export interface MetricsRow {
  at: Date;
  cpu: number;
  memoryUsed: number;
  memoryTotal: number;
  disks: { mount: string; used: number; total: number }[];
  load1: number;
  load5: number;
  load15: number;
  networkRx: number;
  networkTx: number;
}

/** The start of the bucket of `bucketSeconds` that `at` falls in. */
export function bucketStart(at: Date, bucketSeconds: number): Date {
  const size = bucketSeconds * 1000;
  return new Date(Math.floor(at.getTime() / size) * size);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const rounded = (value: number) => Math.round(value * 100) / 100;

/**
 * The averages of `rows` per bucket of `bucketSeconds`, for buckets that ended by `before` (a
 * bucket still filling is left for a later run), oldest first. A disk is averaged over the rows
 * that have it; the disks keep the order of their first row (`/` first).
 */
export function averageRows(rows: readonly MetricsRow[], bucketSeconds: number, before: Date): MetricsRow[] {
  const buckets = new Map<number, MetricsRow[]>();
  for (const row of rows) {
    const start = bucketStart(row.at, bucketSeconds);
    if (start.getTime() + bucketSeconds * 1000 > before.getTime()) continue;
    const bucket = buckets.get(start.getTime()) ?? [];
    bucket.push(row);
    buckets.set(start.getTime(), bucket);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, members]) => {
      const mounts: string[] = [];
      for (const member of members)
        for (const disk of member.disks) if (!mounts.includes(disk.mount)) mounts.push(disk.mount);
      return {
        at: new Date(start),
        cpu: rounded(mean(members.map((member) => member.cpu))),
        memoryUsed: Math.round(mean(members.map((member) => member.memoryUsed))),
        memoryTotal: Math.round(mean(members.map((member) => member.memoryTotal))),
        disks: mounts.map((mount) => {
          const found = members.flatMap((member) => member.disks.filter((disk) => disk.mount === mount));
          return {
            mount,
            used: Math.round(mean(found.map((disk) => disk.used))),
            total: Math.round(mean(found.map((disk) => disk.total))),
          };
        }),
        load1: rounded(mean(members.map((member) => member.load1))),
        load5: rounded(mean(members.map((member) => member.load5))),
        load15: rounded(mean(members.map((member) => member.load15))),
        networkRx: rounded(mean(members.map((member) => member.networkRx))),
        networkTx: rounded(mean(members.map((member) => member.networkTx))),
      };
    });
}

/** The oldest time each resolution keeps at `now`: older rows are pruned. */
export function retentionCutoffs(now: Date): { resolution: number; before: Date }[] {
  return Object.entries(RETENTION_MS).map(([resolution, keepMs]) => ({
    resolution: Number(resolution),
    before: new Date(now.getTime() - keepMs),
  }));
}
