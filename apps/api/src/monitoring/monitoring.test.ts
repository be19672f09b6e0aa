import { describe, expect, it } from 'vitest';
import { parseDiskFree, type MetricsSample } from '@hostdeck/contracts/monitoring-sample';
import { events, serverMetrics } from '../database/schema.js';
import { insertServer, signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { insertInstalledServer } from '../sites/testing/sites.js';
import { eq } from '../testing/sql.js';
import { createMonitoringRepository } from './monitoring.repository.js';
import { createMonitoringService, type MonitoringServiceDependencies } from './monitoring.service.js';
import { createRecordingAlerts } from './testing/recording-alerts.js';

const GB = 1024 ** 3;
const sampleAt = (at: number, values: { cpu?: number; disk?: number } = {}): MetricsSample => ({
  at,
  cpu: values.cpu ?? 12.5,
  memory: { used: GB, total: 4 * GB },
  disks: [{ mount: '/', used: ((values.disk ?? 40) / 100) * 10 * GB, total: 10 * GB }],
  load: [0.3, 0.2, 0.1],
  network: { rx: 1200, tx: 300 },
});

describe('monitoring on a database', () => {
  const { testApp, db } = useTestApp();

  /** The service with readers that answer what the test says (the real ones are server-tested). */
  function serviceWith(overrides: Partial<MonitoringServiceDependencies> & { now: () => Date }) {
    const recording = createRecordingAlerts();
    const service = createMonitoringService({
      repository: createMonitoringRepository(db()),
      policy: { authorizeServer: async () => ({}) as never },
      alerts: recording.alerts,
      readAgent: async () => [],
      readSsh: async () => [],
      failuresToAlert: 3,
      quietMs: 10 * 60_000,
      log: () => {},
      ...overrides,
    });
    return { service, recording };
  }

  it('serves the points of a range and the thresholds to those who may see the server, and no one else', async () => {
    const owner = await signIn(testApp());
    const stranger = await signIn(testApp(), 'Stranger');
    const server = await insertInstalledServer(db(), owner.user.id, { agentVersion: 25 });
    const now = Date.now();
    const { service } = serviceWith({
      now: () => new Date(now),
      readAgent: async (_server, since) =>
        [sampleAt(now - 120_000), sampleAt(now - 60_000)].filter((s) => s.at > since),
    });
    await service.checkServer({ ...server });
    await service.checkServer({ ...server });
    const answer = await owner.api.get(`/api/servers/${server.id}/metrics?range=1h`);
    expect(answer.statusCode).toBe(200);
    const { data } = answer.json();
    expect(data).toMatchObject({ range: '1h', resolution: 0, source: 'agent' });
    expect(data.points).toHaveLength(2);
    expect(data.points[0]).toMatchObject({
      cpu: 12.5,
      memory_used: GB,
      memory_total: 4 * GB,
      disk_used: 4 * GB,
      disk_total: 10 * GB,
      load_1: 0.3,
      load_5: 0.2,
      load_15: 0.1,
      network_rx: 1200,
      network_tx: 300,
    });
    expect((await owner.api.get(`/api/servers/${server.id}/metrics?range=2h`)).statusCode).toBe(422);
    expect((await stranger.api.get(`/api/servers/${server.id}/metrics?range=1h`)).statusCode).toBe(404);

    expect((await owner.api.get(`/api/servers/${server.id}/monitoring`)).json().data).toEqual({
      alerts_enabled: true,
      disk_percent: 90,
      cpu_percent: 90,
      memory_percent: 90,
      consecutive_samples: 5,
    });
    const settings = {
      alerts_enabled: true,
      disk_percent: 20,
      cpu_percent: 80,
      memory_percent: 85,
      consecutive_samples: 2,
    };
    const saved = await owner.api.put(`/api/servers/${server.id}/monitoring`, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual(settings);
    expect(
      (await owner.api.put(`/api/servers/${server.id}/monitoring`, { ...settings, disk_percent: 0 }))
        .statusCode,
    ).toBe(422);
    expect((await stranger.api.put(`/api/servers/${server.id}/monitoring`, settings)).statusCode).toBe(404);
  });

  it('opens a threshold incident once, and unreachable after three failed checks, resolving each once', async () => {
    const owner = await signIn(testApp());
    const server = await insertInstalledServer(db(), owner.user.id, { agentVersion: 25 });
    await createMonitoringRepository(db()).saveState(server.id, { diskPercent: 30 });
    let clock = Date.now();
    let answering = true;
    let disk = 40;
    const { service, recording } = serviceWith({
      now: () => new Date(clock),
      readAgent: async () => {
        if (!answering) throw new Error('connect ECONNREFUSED');
        return [sampleAt(clock, { disk })];
      },
      readSsh: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    const round = async () => {
      clock += 60_000;
      await service.checkServer({ ...server });
    };
    await round();
    await round();
    answering = false;
    for (let index = 0; index < 5; index += 1) await round();
    answering = true;
    disk = 10;
    await round();
    await round();
    expect(recording.sent.map((alert) => `${alert.call} ${'key' in alert ? alert.key : ''}`)).toEqual([
      `open server:${server.id}:disk`,
      `open server:${server.id}:unreachable`,
      `resolve server:${server.id}:unreachable`,
      `resolve server:${server.id}:disk`,
    ]);
    expect(recording.sent[0]).toMatchObject({
      type: 'server.disk',
      facts: { server: server.name, percent: 40 },
    });
  });

  it('leaves servers being provisioned, restarted or just restarted alone, and those not installed', async () => {
    const owner = await signIn(testApp());
    const installed = await insertInstalledServer(db(), owner.user.id, { name: 'steady' });
    const restarting = await insertInstalledServer(db(), owner.user.id, { name: 'restarting' });
    const provisioned = await insertInstalledServer(db(), owner.user.id, { name: 'provisioned' });
    const provisioning = await insertInstalledServer(db(), owner.user.id, { name: 'provisioning' });
    await insertServer(db(), owner.user.id, { name: 'pending' });
    // A provisioning that ended does not quiet its server; one still running does.
    await db()
      .insert(events)
      .values([
        {
          type: 'provision_server',
          description: 'Provision',
          serverId: provisioned.id,
          status: 'FINISHED',
          isFinished: true,
        },
        { type: 'provision_server', description: 'Provision', serverId: provisioning.id, status: 'RUNNING' },
      ]);
    await db().insert(events).values({
      type: 'restart_server',
      description: 'Restart server',
      serverId: restarting.id,
      userId: owner.user.id,
      status: 'FINISHED',
      isFinished: true,
    });
    const repository = createMonitoringRepository(db());
    const names = (await repository.monitoredServers(new Date(), 10 * 60_000)).map((server) => server.name);
    expect(names).toContain('steady');
    expect(names).toContain('provisioned');
    expect(names).not.toContain('provisioning');
    expect(names).not.toContain('restarting');
    expect(names).not.toContain('pending');
    // A count of failed checks started before the restart is forgotten while it is not checked.
    await repository.saveState(restarting.id, { failures: 2 });
    await repository.saveState(installed.id, { failures: 1 });
    await repository.forgetFailuresExcept([installed.id]);
    expect((await repository.state(restarting.id))?.failures).toBe(0);
    expect((await repository.state(installed.id))?.failures).toBe(1);
    const later = await repository.monitoredServers(new Date(Date.now() + 11 * 60_000), 10 * 60_000);
    expect(later.map((server) => server.id)).toContain(restarting.id);
    expect(later.map((server) => server.id)).toContain(installed.id);
  });

  it('averages finished buckets into five minutes and hours, and prunes each level past its retention', async () => {
    const owner = await signIn(testApp());
    const server = await insertInstalledServer(db(), owner.user.id);
    const repository = createMonitoringRepository(db());
    const now = new Date('2026-03-10T12:02:00Z');
    const minute = 60_000;
    const start = new Date('2026-03-10T10:00:00Z').getTime();
    // Two hours and two minutes of samples, one a minute, and one sample two days old.
    const samples = Array.from({ length: 122 }, (_, index) =>
      sampleAt(start + index * minute, { cpu: index % 2 ? 20 : 10 }),
    );
    await repository.insertSamples(server.id, [sampleAt(now.getTime() - 2 * 24 * 60 * minute), ...samples]);
    const first = await repository.downsampleAndPrune(now);
    // The old sample is averaged too before it goes: its five minutes and its hour stay.
    expect(first).toEqual({ made: 25 + 3, dropped: 1 });
    const fiveMinutes = await repository.points(server.id, 300, new Date(start));
    expect(fiveMinutes).toHaveLength(24);
    expect(fiveMinutes[0]).toMatchObject({ at: new Date(start), cpu: 14 });
    const hours = await repository.points(server.id, 3600, new Date(start));
    expect(hours.map((row) => row.at.toISOString())).toEqual([
      '2026-03-10T10:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
    ]);
    // Again later: only the buckets finished since are made; nothing twice.
    const again = await repository.downsampleAndPrune(new Date('2026-03-10T12:04:00Z'));
    expect(again).toEqual({ made: 0, dropped: 0 });
    const twoMonthsLater = await repository.downsampleAndPrune(new Date('2026-05-10T12:00:00Z'));
    // The last five minutes and hour are made, then everything is past its retention.
    expect(twoMonthsLater).toEqual({ made: 2, dropped: 122 + 26 + 4 });
    const left = await db().select().from(serverMetrics).where(eq(serverMetrics.serverId, server.id));
    expect(left).toEqual([]);
  });
});

describe('reading a server over SSH', () => {
  it('takes `/` and the real file systems from df, each device once, none under /run', () => {
    const text = [
      'Filesystem Mounted on     Type       1B-blocks        Used',
      '/dev/sda1  /              ext4      1000000000   250000000',
      'tmpfs      /dev           tmpfs        1000000           0',
      '/dev/sda1  /run/host/os-release ext4 1000000000  250000000',
      '/dev/sdb1  /srv/my data   ext4      5000000000  1000000000',
      '/dev/sdb1  /srv/again     ext4      5000000000  1000000000',
      '/dev/sda2  /boot          vfat         5000000     1000000',
    ].join('\n');
    expect(parseDiskFree(text)).toEqual([
      { mount: '/', used: 250000000, total: 1000000000 },
      { mount: '/srv/my data', used: 1000000000, total: 5000000000 },
    ]);
  });
});
