import { describe, expect, it } from 'vitest';
import { averageRows, bucketStart, retentionCutoffs, type MetricsRow } from './metrics-retention.js';

const row = (at: string, cpu: number, disks = [{ mount: '/', used: cpu * 10, total: 1000 }]): MetricsRow => ({
  at: new Date(at),
  cpu,
  memoryUsed: cpu * 100,
  memoryTotal: 10_000,
  disks,
  load1: cpu / 10,
  load5: 1,
  load15: 1,
  networkRx: cpu,
  networkTx: 0,
});

describe('downsampling', () => {
  it('averages each finished bucket and leaves the one still filling', () => {
    const rows = [
      row('2026-01-01T10:00:00Z', 10),
      row('2026-01-01T10:01:00Z', 20),
      row('2026-01-01T10:04:59Z', 30, [
        { mount: '/', used: 300, total: 1000 },
        { mount: '/data', used: 50, total: 500 },
      ]),
      row('2026-01-01T10:05:00Z', 40),
      row('2026-01-01T10:11:00Z', 90),
    ];
    const averages = averageRows(rows, 300, new Date('2026-01-01T10:12:00Z'));
    expect(averages.map((average) => [average.at.toISOString(), average.cpu])).toEqual([
      ['2026-01-01T10:00:00.000Z', 20],
      ['2026-01-01T10:05:00.000Z', 40],
    ]);
    expect(averages[0]).toMatchObject({
      memoryUsed: 2000,
      disks: [
        { mount: '/', used: 200, total: 1000 },
        { mount: '/data', used: 50, total: 500 },
      ],
      load1: 2,
      networkRx: 20,
    });
  });

  it('puts a time in the bucket it starts', () => {
    expect(bucketStart(new Date('2026-01-01T10:59:59Z'), 3600).toISOString()).toBe(
      '2026-01-01T10:00:00.000Z',
    );
  });

  it('keeps samples a day, five-minute averages a week and hourly ones 30 days', () => {
    const now = new Date('2026-02-01T00:00:00Z');
    expect(retentionCutoffs(now).map(({ resolution, before }) => [resolution, before.toISOString()])).toEqual(
      [
        [0, '2026-01-31T00:00:00.000Z'],
        [300, '2026-01-25T00:00:00.000Z'],
        [3600, '2026-01-02T00:00:00.000Z'],
      ],
    );
  });
});
