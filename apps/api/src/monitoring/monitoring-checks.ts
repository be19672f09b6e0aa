import type { MonitoringSettings } from '@hostdeck/contracts/monitoring';
import type { MetricsSample } from '@hostdeck/contracts/monitoring-sample';

/**
 * The decisions behind the monitoring incidents (issue 23 point 4), as pure functions: which
 * threshold incidents open or resolve after new samples, and when failed reachability checks
 * make a server unreachable. The service applies them (monitoring.service.ts).
 */

export type ThresholdKind = 'disk' | 'cpu' | 'memory';
export type IncidentKind = ThresholdKind | 'unreachable';

export interface ThresholdState {
  cpuOver: number;
  memoryOver: number;
  open: readonly IncidentKind[];
}

export interface IncidentChange {
  kind: IncidentKind;
  facts: Record<string, string | number>;
}

export interface ThresholdOutcome {
  state: ThresholdState;
  opened: IncidentChange[];
  resolved: IncidentChange[];
}

const percentOf = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 1000) / 10 : 0);

/**
 * Walks the new samples oldest first. Disk: the fullest file system of the newest sample over its
 * threshold opens `disk`, all of them under it resolves it (a disk fills slowly; one sample is the
 * truth). CPU and memory: `consecutive_samples` in a row at or over the threshold open, one sample
 * under it resolves; a single spike does nothing. With alerts off, every open threshold incident
 * resolves and nothing opens.
 */
export function evaluateThresholds(
  settings: MonitoringSettings,
  before: ThresholdState,
  samples: readonly MetricsSample[],
): ThresholdOutcome {
  const open = new Set(before.open);
  const opened: IncidentChange[] = [];
  const resolved: IncidentChange[] = [];
  const change = (kind: ThresholdKind, over: boolean, facts: IncidentChange['facts'], ready = over) => {
    if (ready && !open.has(kind)) {
      open.add(kind);
      opened.push({ kind, facts });
    } else if (!over && open.has(kind)) {
      open.delete(kind);
      resolved.push({ kind, facts });
    }
  };
  let { cpuOver, memoryOver } = before;
  if (!settings.alerts_enabled) {
    for (const kind of ['disk', 'cpu', 'memory'] as const) change(kind, false, {});
    return { state: { cpuOver: 0, memoryOver: 0, open: [...open] }, opened, resolved };
  }
  for (const sample of samples) {
    const cpu = Math.round(sample.cpu * 10) / 10;
    cpuOver = cpu >= settings.cpu_percent ? cpuOver + 1 : 0;
    change(
      'cpu',
      cpuOver > 0,
      { percent: cpu, threshold: settings.cpu_percent },
      cpuOver >= settings.consecutive_samples,
    );
    const memory = percentOf(sample.memory.used, sample.memory.total);
    memoryOver = memory >= settings.memory_percent ? memoryOver + 1 : 0;
    change(
      'memory',
      memoryOver > 0,
      { percent: memory, threshold: settings.memory_percent },
      memoryOver >= settings.consecutive_samples,
    );
  }
  const newest = samples.at(-1);
  if (newest && newest.disks.length > 0) {
    const fullest = newest.disks
      .map((disk) => ({ mount: disk.mount, percent: percentOf(disk.used, disk.total) }))
      .reduce((a, b) => (b.percent > a.percent ? b : a));
    change('disk', fullest.percent >= settings.disk_percent, {
      mount: fullest.mount,
      percent: fullest.percent,
      threshold: settings.disk_percent,
    });
  }
  return { state: { cpuOver, memoryOver, open: [...open] }, opened, resolved };
}

/**
 * One reachability check's result against the failures in a row so far: `failuresToAlert` in a
 * row open `unreachable` (once); the first answer after that resolves it.
 */
export function nextReachability(
  before: { failures: number; open: boolean },
  answered: boolean,
  failuresToAlert: number,
): { failures: number; action: 'open' | 'resolve' | null } {
  if (answered) return { failures: 0, action: before.open ? 'resolve' : null };
  const failures = before.failures + 1;
  return { failures, action: !before.open && failures >= failuresToAlert ? 'open' : null };
}
