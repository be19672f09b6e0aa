import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetricsSampler } from './metrics-sampler.js';

/** A /proc of fixture files; `busy`/`idle` jiffies and `rx`/`tx` bytes make the rates. */
function writeProc(root: string, values: { busy: number; idle: number; rx: number; tx: number }) {
  mkdirSync(path.join(root, 'net'), { recursive: true });
  mkdirSync(path.join(root, 'self'), { recursive: true });
  writeFileSync(
    path.join(root, 'stat'),
    `cpu  ${values.busy} 0 0 ${values.idle} 0 0 0 0 0 0\ncpu0 1 0 0 1 0 0 0 0 0 0\n`,
  );
  writeFileSync(
    path.join(root, 'net/dev'),
    [
      'Inter-|   Receive                                                |  Transmit',
      ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed',
      `    lo: 999999 10 0 0 0 0 0 0 999999 10 0 0 0 0 0 0`,
      `  eth0: ${values.rx} 10 0 0 0 0 0 0 ${values.tx} 10 0 0 0 0 0 0`,
    ].join('\n'),
  );
  writeFileSync(
    path.join(root, 'meminfo'),
    'MemTotal:        2000000 kB\nMemFree:          100000 kB\nMemAvailable:     500000 kB\n',
  );
  writeFileSync(path.join(root, 'loadavg'), '0.50 0.25 0.10 1/100 4242\n');
  writeFileSync(
    path.join(root, 'self/mounts'),
    [
      '/dev/sda1 / ext4 rw 0 0',
      'proc /proc proc rw 0 0',
      'tmpfs /run tmpfs rw 0 0',
      '/dev/sda1 /run/host/os-release ext4 ro 0 0',
      '/dev/sda1 /var/www ext4 rw 0 0',
    ].join('\n'),
  );
}

describe('the metrics sampler', () => {
  it('compares each reading with the previous one and keeps a bounded buffer', async () => {
    const proc = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-proc-'));
    let clock = 1_000_000;
    const sampler = createMetricsSampler({
      intervalSeconds: 60,
      procRoot: proc,
      now: () => clock,
      capacity: 2,
    });
    writeProc(proc, { busy: 100, idle: 900, rx: 1000, tx: 2000 });
    expect(await sampler.sample()).toBeNull();
    clock += 10_000;
    writeProc(proc, { busy: 400, idle: 1600, rx: 11_000, tx: 2500 });
    const first = await sampler.sample();
    expect(first).toMatchObject({
      at: 1_010_000,
      cpu: 30,
      memory: { used: 1_500_000 * 1024, total: 2_000_000 * 1024 },
      load: [0.5, 0.25, 0.1],
      network: { rx: 1000, tx: 50 },
    });
    // `/` only: the other mounts are binds of its device or under /run.
    expect(first!.disks.map((disk) => disk.mount)).toEqual(['/']);
    expect(first!.disks[0]!.total).toBeGreaterThan(0);
    clock += 10_000;
    await sampler.sample();
    clock += 10_000;
    await sampler.sample();
    expect(sampler.since(0).map((sample) => sample.at)).toEqual([1_020_000, 1_030_000]);
    expect(sampler.since(1_020_000).map((sample) => sample.at)).toEqual([1_030_000]);
  });
});
