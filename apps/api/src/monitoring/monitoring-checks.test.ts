import { describe, expect, it } from 'vitest';
import { MONITORING_DEFAULTS, type MonitoringSettings } from '@hostdeck/contracts/monitoring';
import type { MetricsSample } from '@hostdeck/contracts/monitoring-sample';
import { evaluateThresholds, nextReachability, type ThresholdState } from './monitoring-checks.js';

const settings: MonitoringSettings = { alerts_enabled: true, ...MONITORING_DEFAULTS, consecutive_samples: 3 };
const GB = 1024 ** 3;
const sample = (
  values: { cpu?: number; memory?: number; disk?: number; at?: number } = {},
): MetricsSample => ({
  at: values.at ?? 1,
  cpu: values.cpu ?? 10,
  memory: { used: ((values.memory ?? 20) / 100) * 4 * GB, total: 4 * GB },
  disks: [
    { mount: '/', used: ((values.disk ?? 30) / 100) * 20 * GB, total: 20 * GB },
    { mount: '/data', used: GB, total: 100 * GB },
  ],
  load: [0.1, 0.1, 0.1],
  network: { rx: 0, tx: 0 },
});
const calm: ThresholdState = { cpuOver: 0, memoryOver: 0, open: [] };

describe('threshold incidents', () => {
  it('opens disk once on the newest sample over its threshold and resolves it once under', () => {
    const full = evaluateThresholds({ ...settings, disk_percent: 5 }, calm, [sample()]);
    expect(full.opened).toEqual([{ kind: 'disk', facts: { mount: '/', percent: 30, threshold: 5 } }]);
    const still = evaluateThresholds({ ...settings, disk_percent: 5 }, full.state, [sample(), sample()]);
    expect(still.opened).toEqual([]);
    expect(still.resolved).toEqual([]);
    const freed = evaluateThresholds(settings, still.state, [sample()]);
    expect(freed.resolved.map((change) => change.kind)).toEqual(['disk']);
    expect(freed.state.open).toEqual([]);
  });

  it('needs CPU over the threshold for the configured samples in a row: a spike is not an incident', () => {
    const spike = evaluateThresholds(settings, calm, [
      sample({ cpu: 99 }),
      sample({ cpu: 5 }),
      sample({ cpu: 99 }),
    ]);
    expect(spike.opened).toEqual([]);
    expect(spike.state.cpuOver).toBe(1);
    const busy = evaluateThresholds(settings, spike.state, [sample({ cpu: 95 }), sample({ cpu: 97 })]);
    expect(busy.opened).toEqual([{ kind: 'cpu', facts: { percent: 97, threshold: 90 } }]);
    const calmer = evaluateThresholds(settings, busy.state, [sample({ cpu: 98 }), sample({ cpu: 20 })]);
    expect(calmer.opened).toEqual([]);
    expect(calmer.resolved.map((change) => change.kind)).toEqual(['cpu']);
  });

  it('counts memory the same way, across rounds', () => {
    let state = calm;
    const opened: string[] = [];
    for (const memory of [95, 95, 95, 96, 50]) {
      const outcome = evaluateThresholds(settings, state, [sample({ memory })]);
      state = outcome.state;
      opened.push(...outcome.opened.map((change) => `open ${change.kind}`));
      opened.push(...outcome.resolved.map((change) => `resolve ${change.kind}`));
    }
    expect(opened).toEqual(['open memory', 'resolve memory']);
  });

  it('resolves every threshold incident and opens none when alerts are off', () => {
    const outcome = evaluateThresholds(
      { ...settings, alerts_enabled: false, disk_percent: 1 },
      { cpuOver: 4, memoryOver: 0, open: ['cpu', 'disk', 'unreachable'] },
      [sample({ cpu: 99 })],
    );
    expect(outcome.opened).toEqual([]);
    expect(outcome.resolved.map((change) => change.kind).sort()).toEqual(['cpu', 'disk']);
    expect(outcome.state.open).toEqual(['unreachable']);
  });
});

describe('reachability', () => {
  it('opens after the failures in a row, once, and resolves on the first answer', () => {
    let state = { failures: 0, open: false };
    const actions: (string | null)[] = [];
    for (const answered of [false, false, true, false, false, false, false, true, true]) {
      const next = nextReachability(state, answered, 3);
      actions.push(next.action);
      state = {
        failures: next.failures,
        open: next.action === 'open' ? true : next.action === 'resolve' ? false : state.open,
      };
    }
    expect(actions).toEqual([null, null, null, null, null, 'open', null, 'resolve', null]);
  });
});
