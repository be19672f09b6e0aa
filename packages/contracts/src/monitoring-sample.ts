/**
 * What a server's resources look like at one moment (issue 23 point 4), and how it is read from
 * Linux's own files. Without zod: the agent samples with these functions in its main process (it
 * never loads zod, agent-protocol.ts), and the panel reads a server without an agent over SSH with
 * the same ones, so each rule is written once.
 */

/** One sample. Sizes in bytes, rates in bytes per second, `at` in Unix milliseconds. */
export interface MetricsSample {
  at: number;
  /** Busy share of all CPUs since the previous sample, 0 to 100. */
  cpu: number;
  memory: { used: number; total: number };
  /** Every mounted real file system, `/` first. */
  disks: { mount: string; used: number; total: number }[];
  /** The 1, 5 and 15 minute load averages. */
  load: [number, number, number];
  /** All interfaces but loopback, since the previous sample. */
  network: { rx: number; tx: number };
}

/** GET {agent}/metrics answer: the sampling interval and the samples after `since`, oldest first. */
export interface AgentMetricsAnswer {
  interval: number;
  samples: MetricsSample[];
}

/** The counters two readings are compared over (CPU time, network bytes), taken at `at`. */
export interface MetricsCounters {
  at: number;
  cpuBusy: number;
  cpuTotal: number;
  rx: number;
  tx: number;
}

/** The aggregate `cpu` line of /proc/stat: busy and total jiffies (iowait counts as idle). */
export function parseCpuTimes(stat: string): { busy: number; total: number } {
  const line = stat.split('\n').find((entry) => entry.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat has no cpu line');
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** Used and total memory from /proc/meminfo (used = total − available, as `free` shows it). */
export function parseMemoryInfo(meminfo: string): { used: number; total: number } {
  const kib = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo);
    return match ? Number(match[1]) * 1024 : null;
  };
  const total = kib('MemTotal');
  if (total === null) throw new Error('/proc/meminfo has no MemTotal');
  const available = kib('MemAvailable') ?? (kib('MemFree') ?? 0) + (kib('Cached') ?? 0);
  return { used: Math.max(0, total - available), total };
}

/** The three load averages of /proc/loadavg. */
export function parseLoadAverage(loadavg: string): [number, number, number] {
  const [one, five, fifteen] = loadavg.trim().split(/\s+/).map(Number);
  if (![one, five, fifteen].every((value) => Number.isFinite(value))) throw new Error('bad /proc/loadavg');
  return [one!, five!, fifteen!];
}

/** Received and sent bytes of every interface but loopback, from /proc/net/dev. */
export function parseNetworkBytes(netdev: string): { rx: number; tx: number } {
  let rx = 0;
  let tx = 0;
  for (const line of netdev.split('\n').slice(2)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    if (line.slice(0, colon).trim() === 'lo') continue;
    const fields = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .map(Number);
    rx += fields[0] ?? 0;
    tx += fields[8] ?? 0;
  }
  return { rx, tx };
}

/** File systems that hold data; pseudo and overlay ones (proc, tmpfs, cgroup, squashfs…) are not. */
const REAL_FILE_SYSTEMS = new Set(['ext2', 'ext3', 'ext4', 'xfs', 'btrfs', 'zfs', 'f2fs', 'jfs', 'reiserfs']);

/** Where the system mounts what is not a disk of its own (nspawn binds host files under /run/host). */
const PSEUDO_TREES = ['/proc', '/sys', '/dev', '/run'];
const inPseudoTree = (mount: string) =>
  PSEUDO_TREES.some((tree) => mount === tree || mount.startsWith(`${tree}/`));

/**
 * The mount points of real file systems in /proc/self/mounts, `/` always first (in a container `/`
 * may be an overlay or a bind mount: it is still the disk the server writes to). Each device once
 * (a bind mount of a folder or file of a disk already listed is not another disk), none under
 * /proc, /sys, /dev or /run.
 */
export function parseRealMounts(mounts: string): string[] {
  const found = ['/'];
  const devices = new Set<string>();
  const entries = mounts.split('\n').map((line) => line.split(' '));
  for (const [device, mountPoint] of entries) if (device && mountPoint === '/') devices.add(device);
  for (const [device, mountPoint, type] of entries) {
    if (!device || !mountPoint || !type || !REAL_FILE_SYSTEMS.has(type)) continue;
    const mount = mountPoint.replace(/\\040/g, ' ');
    if (mount === '/' || inPseudoTree(mount) || devices.has(device)) continue;
    devices.add(device);
    found.push(mount);
  }
  return found.slice(0, 16);
}

/** The same choice from `df --output=source,target,fstype,size,used` (the panel's SSH reading). */
export function parseDiskFree(text: string): MetricsSample['disks'] {
  const rows = text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 5)
    .map((fields) => ({
      source: fields[0]!,
      mount: fields.slice(1, -3).join(' '),
      type: fields.at(-3)!,
      total: Number(fields.at(-2)),
      used: Number(fields.at(-1)),
    }))
    .filter((row) => Number.isFinite(row.total) && Number.isFinite(row.used));
  const root = rows.find((row) => row.mount === '/');
  const disks: MetricsSample['disks'] = root ? [{ mount: '/', used: root.used, total: root.total }] : [];
  const sources = new Set(root ? [root.source] : []);
  for (const row of rows) {
    if (row.mount === '/' || !REAL_FILE_SYSTEMS.has(row.type) || inPseudoTree(row.mount)) continue;
    if (sources.has(row.source)) continue;
    sources.add(row.source);
    disks.push({ mount: row.mount, used: row.used, total: row.total });
  }
  return disks.slice(0, 16);
}

/** The counters of one reading (for the next one's rates). */
export function readCounters(at: number, stat: string, netdev: string): MetricsCounters {
  const cpu = parseCpuTimes(stat);
  return { at, cpuBusy: cpu.busy, cpuTotal: cpu.total, ...parseNetworkBytes(netdev) };
}

/** CPU % and network rates between two readings; zero when nothing elapsed (or a counter reset). */
export function ratesBetween(
  before: MetricsCounters,
  after: MetricsCounters,
): { cpu: number; rx: number; tx: number } {
  const seconds = (after.at - before.at) / 1000;
  const total = after.cpuTotal - before.cpuTotal;
  const busy = after.cpuBusy - before.cpuBusy;
  const cpu = total > 0 && busy >= 0 ? Math.min(100, (busy / total) * 100) : 0;
  const rate = (delta: number) => (seconds > 0 && delta >= 0 ? delta / seconds : 0);
  return { cpu: round(cpu), rx: round(rate(after.rx - before.rx)), tx: round(rate(after.tx - before.tx)) };
}

export const round = (value: number, digits = 2) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
