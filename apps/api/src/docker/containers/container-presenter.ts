import type Docker from 'dockerode';
import type { Container, ContainerStatsSample } from '@hostdeck/contracts/docker-containers';

export const COMPOSE_PROJECT_LABEL = 'com.docker.compose.project';
export const COMPOSE_SERVICE_LABEL = 'com.docker.compose.service';

/** One item of `GET /containers/json?all=1` as the panel answers it (never the raw Engine JSON). */
export function presentContainer(item: Docker.ContainerInfo): Container {
  const labels = item.Labels ?? {};
  const ports = (item.Ports ?? []).map((port) => ({
    ip: port.IP ?? null,
    private_port: port.PrivatePort,
    public_port: port.PublicPort ?? null,
    type: port.Type,
  }));
  return {
    id: item.Id,
    // The Engine lists `/name` (and `/other/alias` for legacy links): the first without a slash.
    name: (item.Names?.find((name) => name.lastIndexOf('/') === 0) ?? item.Names?.[0] ?? '').replace(
      /^\//,
      '',
    ),
    image: item.Image,
    image_id: item.ImageID,
    command: item.Command ?? '',
    state: item.State,
    status: item.Status,
    created_at: new Date(item.Created * 1000).toISOString(),
    ports,
    compose_project: labels[COMPOSE_PROJECT_LABEL] ?? null,
    compose_service: labels[COMPOSE_SERVICE_LABEL] ?? null,
  };
}

/** The parts of one Engine stats sample (API 1.41) the panel reads; cgroup v1 and v2 alike. */
interface EngineStats {
  read?: string;
  pids_stats?: { current?: number };
  cpu_stats?: CpuStats;
  precpu_stats?: CpuStats;
  memory_stats?: { usage?: number; limit?: number; stats?: Record<string, number> };
  networks?: Record<string, { rx_bytes?: number; tx_bytes?: number }>;
  blkio_stats?: { io_service_bytes_recursive?: { op?: string; value?: number }[] | null };
}
interface CpuStats {
  cpu_usage?: { total_usage?: number; percpu_usage?: number[] };
  system_cpu_usage?: number;
  online_cpus?: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A sample as `docker stats` computes it: CPU % from the delta since the previous sample (the
 * Engine sends it as `precpu_stats`), memory without the page cache, network and block I/O totals.
 */
export function presentStatsSample(value: unknown): ContainerStatsSample {
  const stats = (value ?? {}) as EngineStats;
  const cpu = stats.cpu_stats ?? {};
  const previous = stats.precpu_stats ?? {};
  const onlineCpus = cpu.online_cpus || cpu.cpu_usage?.percpu_usage?.length || 1;
  const cpuDelta = (cpu.cpu_usage?.total_usage ?? 0) - (previous.cpu_usage?.total_usage ?? 0);
  const systemDelta = (cpu.system_cpu_usage ?? 0) - (previous.system_cpu_usage ?? 0);
  const cpuPercent =
    previous.system_cpu_usage && systemDelta > 0 && cpuDelta > 0
      ? (cpuDelta / systemDelta) * onlineCpus * 100
      : 0;

  const memory = stats.memory_stats ?? {};
  const memoryStats = memory.stats ?? {};
  // cgroup v1 counts the page cache in `usage` (`total_inactive_file`), v2 as `inactive_file`.
  const cache = memoryStats.total_inactive_file ?? memoryStats.inactive_file ?? memoryStats.cache ?? 0;
  const usage = Math.max(0, (memory.usage ?? 0) - (cache < (memory.usage ?? 0) ? cache : 0));
  const limit = memory.limit ?? 0;

  let rx = 0;
  let tx = 0;
  for (const network of Object.values(stats.networks ?? {})) {
    rx += network.rx_bytes ?? 0;
    tx += network.tx_bytes ?? 0;
  }
  let blockRead = 0;
  let blockWrite = 0;
  for (const entry of stats.blkio_stats?.io_service_bytes_recursive ?? []) {
    const op = (entry.op ?? '').toLowerCase();
    if (op === 'read') blockRead += entry.value ?? 0;
    else if (op === 'write') blockWrite += entry.value ?? 0;
  }

  return {
    read: stats.read ?? new Date().toISOString(),
    cpu_percent: round(cpuPercent),
    online_cpus: onlineCpus,
    memory_usage: usage,
    memory_limit: limit,
    memory_percent: limit > 0 ? round((usage / limit) * 100) : 0,
    network_rx: rx,
    network_tx: tx,
    block_read: blockRead,
    block_write: blockWrite,
    pids: stats.pids_stats?.current ?? 0,
  };
}
