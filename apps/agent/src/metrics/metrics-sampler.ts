import { readFile, statfs } from 'node:fs/promises';
import {
  parseLoadAverage,
  parseMemoryInfo,
  parseRealMounts,
  ratesBetween,
  readCounters,
  type MetricsCounters,
  type MetricsSample,
} from '@hostdeck/contracts/monitoring-sample';

/** A day of one-minute samples (issue 23 point 4): what a panel away for a while collects later. */
export const METRICS_BUFFER_SIZE = 1440;

export interface MetricsSamplerOptions {
  intervalSeconds: number;
  /** Where /proc is (tests point it at a folder of fixtures). */
  procRoot?: string;
  now?: () => number;
  capacity?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** Used and total bytes of the file system mounted at `mount` (as `df` counts: blocks for users). */
async function diskUsage(mount: string): Promise<{ mount: string; used: number; total: number }> {
  const stats = await statfs(mount);
  const total = stats.blocks * stats.bsize;
  const used = (stats.blocks - stats.bfree) * stats.bsize;
  return { mount, used, total };
}

/**
 * Samples CPU, memory, disks, load and network every `intervalSeconds` from /proc and statfs, and
 * keeps the last `capacity` samples in a ring. Nothing is sampled through a shell. The first reading
 * only sets the counters CPU and network are compared against, so the first sample comes one
 * interval after start.
 */
export function createMetricsSampler(options: MetricsSamplerOptions) {
  const proc = options.procRoot ?? '/proc';
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? METRICS_BUFFER_SIZE;
  const samples: MetricsSample[] = [];
  let previous: MetricsCounters | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  async function sample(): Promise<MetricsSample | null> {
    const at = now();
    const [stat, netdev, meminfo, loadavg, mounts] = await Promise.all(
      ['stat', 'net/dev', 'meminfo', 'loadavg', 'self/mounts'].map((name) =>
        readFile(`${proc}/${name}`, 'utf8'),
      ),
    );
    const counters = readCounters(at, stat!, netdev!);
    const before = previous;
    previous = counters;
    if (!before) return null;
    const rates = ratesBetween(before, counters);
    const disks = await Promise.all(
      parseRealMounts(mounts!).map((mount) => diskUsage(mount).catch(() => null)),
    );
    const taken: MetricsSample = {
      at,
      cpu: rates.cpu,
      memory: parseMemoryInfo(meminfo!),
      disks: disks.filter((disk) => disk !== null),
      load: parseLoadAverage(loadavg!),
      network: { rx: rates.rx, tx: rates.tx },
    };
    samples.push(taken);
    if (samples.length > capacity) samples.splice(0, samples.length - capacity);
    return taken;
  }

  const tick = () => {
    if (running) return;
    running = true;
    sample()
      .catch((error: unknown) => options.log?.('metrics sample failed', { error: String(error) }))
      .finally(() => {
        running = false;
      });
  };

  return {
    intervalSeconds: options.intervalSeconds,
    /** Takes one reading now (tests; start() calls it on its timer). */
    sample,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.intervalSeconds * 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** The samples taken after `since` (Unix ms), oldest first. */
    since(since: number): MetricsSample[] {
      const first = samples.findIndex((entry) => entry.at > since);
      return first < 0 ? [] : samples.slice(first);
    },
  };
}
export type MetricsSampler = ReturnType<typeof createMetricsSampler>;
