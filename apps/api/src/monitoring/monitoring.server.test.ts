import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PORT, AGENT_VERSION } from '@hostdeck/contracts';
import { alertRoutes } from '@hostdeck/contracts/alerts';
import { serverMetricsResponseSchema } from '@hostdeck/contracts/monitoring';
import type { Alerts } from '../alerts/alerts.port.js';
import { startWebhookReceiver, type LocalReceiver } from '../alerts/testing/alert-receivers.js';
import { bootWebTestServer, connectToTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { servers } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createSshExecutor } from '../remote/remote-executor.js';
import { createServerConnections } from '../servers/server-connection.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import { buildAgentBundle } from '../testing/test-agent.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { createAgentMetricsReader, createSshMetricsReader } from './metrics-readers.js';
import { createMonitoringRepository, type MonitoredServer } from './monitoring.repository.js';
import { createMonitoringService, type MonitoringService } from './monitoring.service.js';
import { installSamplingAgent } from './testing/monitoring-agent.js';
import { createRecordingAlerts } from './testing/recording-alerts.js';

/**
 * Monitoring on a booted Debian 12 server (issue 23 point 4): the agent installed by its recipe
 * samples every second; the panel's checks (driven here round by round, as the schedule runs them)
 * collect its samples over the network with a signed token, a low disk threshold opens one
 * `server.disk` incident, and a server whose SSH and agent ports refuse connections is reported
 * unreachable once, after three failed checks, and recovered once when it answers again. The
 * incidents go through the panel's real alerts service to a signed webhook channel whose receiver
 * this test starts: what a user receives is counted there.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'mon1';
/** Connections to SSH and the agent refused at once (a reset), so a failed check takes no time. */
const BLOCK = [
  'INPUT',
  '-p',
  'tcp',
  '-m',
  'multiport',
  '--dports',
  `22,${AGENT_PORT}`,
  '-j',
  'REJECT',
  '--reject-with',
  'tcp-reset',
];

describe('monitoring a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let monitoring: MonitoringService;
  let server: MonitoredServer;
  let receiver: LocalReceiver;
  const recording = createRecordingAlerts();
  /** The `event` of each message the webhook channel received, in order. */
  const delivered = () =>
    receiver.received.map((request) => (JSON.parse(request.body) as { event: string }).event);
  const sentFor = (kind: string) =>
    recording.sent.filter((alert) => 'key' in alert && alert.key === `server:${serverId}:${kind}`);

  const run = async (...command: string[]) => {
    const result = await runOnTestServer(testServer, command);
    expect(result.code, result.stderr).toBe(0);
  };

  beforeAll(async () => {
    console.log(`agent bundle: ${buildAgentBundle()}`);
    [testServer, receiver] = await Promise.all([bootWebTestServer(SERVER), startWebhookReceiver()]);
    // The area's own schedule is off: this test runs the rounds itself. Every call to the alerts
    // port is recorded, then passed to the panel's alerts service.
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, {
      env: { MONITORING_INTERVAL_SECONDS: '0', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    }));
    const hook = await api.post(alertRoutes.create.path, {
      type: 'webhook',
      name: 'Receiver',
      url: receiver.url,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const real = test.panel.alerts;
    const alerts: Alerts = {
      notify: async (input) => (await recording.alerts.notify(input), real.notify(input)),
      open: async (input) => (await recording.alerts.open(input), real.open(input)),
      resolve: async (input) => (await recording.alerts.resolve(input), real.resolve(input)),
    };
    const session = await connectToTestServer(testServer);
    try {
      const signer = await installSamplingAgent(test, session, serverId, 1);
      await test.database.db
        .update(servers)
        .set({
          installed: true,
          status: 'INSTALLED',
          hostKeyFingerprint: session.hostKeyFingerprint,
          agentVersion: AGENT_VERSION,
        })
        .where(eq(servers.id, serverId));
      const connections = createServerConnections(test.database.db, test.panel.secretBox);
      monitoring = createMonitoringService({
        repository: createMonitoringRepository(test.database.db),
        policy: { authorizeServer: async () => ({}) as never },
        alerts,
        readAgent: createAgentMetricsReader({ signer, port: AGENT_PORT }),
        readSsh: createSshMetricsReader({ executor: createSshExecutor(), connections }),
        failuresToAlert: 3,
        quietMs: 60_000,
        log: () => {},
      });
    } finally {
      await session.close();
    }
    const [monitored] = await createMonitoringRepository(test.database.db).monitoredServers(
      new Date(),
      60_000,
    );
    server = monitored!;
  });

  afterAll(async () => {
    await test?.close();
    await receiver?.close();
    await stopTestServer(SERVER);
  });

  it('collects the agent samples into every series, and a low disk threshold alerts once', async () => {
    expect(server.id).toBe(serverId);
    const settings = {
      alerts_enabled: true,
      disk_percent: 1,
      cpu_percent: 100,
      memory_percent: 100,
      consecutive_samples: 5,
    };
    expect((await api.put(`/api/servers/${serverId}/monitoring`, settings)).statusCode).toBe(200);
    const points = await waitFor(
      async () => {
        await monitoring.checkServer(server);
        const answer = await api.get(`/api/servers/${serverId}/metrics?range=1h`);
        const { data } = serverMetricsResponseSchema.parse(answer.json());
        return data.points.length >= 3 && data;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'three samples from the agent' },
    );
    expect(points.source).toBe('agent');
    for (const point of points.points) {
      expect(point.memory_total).toBeGreaterThan(0);
      expect(point.memory_used).toBeGreaterThan(0);
      expect(point.disk_total).toBeGreaterThan(0);
      expect(point.disks[0]!.mount).toBe('/');
      expect(point.cpu).toBeGreaterThanOrEqual(0);
      expect(point.load_1).toBeGreaterThanOrEqual(0);
      expect(point.network_rx).toBeGreaterThanOrEqual(0);
      expect(point.network_tx).toBeGreaterThanOrEqual(0);
    }
    await monitoring.checkServer(server);
    expect(sentFor('disk')).toEqual([
      expect.objectContaining({
        call: 'open',
        type: 'server.disk',
        facts: expect.objectContaining({ mount: '/', threshold: 1 }),
      }),
    ]);
  });

  it('reads the same series over SSH, for a server without a recent agent', async () => {
    const connections = createServerConnections(test.database.db, test.panel.secretBox);
    const readSsh = createSshMetricsReader({ executor: createSshExecutor(), connections });
    // The first reading only keeps the counters that CPU and network are rates of.
    expect(await readSsh(server)).toEqual([]);
    const [sample] = await readSsh(server);
    expect(sample!.memory.total).toBeGreaterThan(sample!.memory.used);
    expect(sample!.disks[0]).toMatchObject({ mount: '/' });
    expect(sample!.disks[0]!.total).toBeGreaterThan(0);
    expect(sample!.cpu).toBeGreaterThanOrEqual(0);
    expect(sample!.load).toHaveLength(3);
    expect(sample!.network.rx).toBeGreaterThanOrEqual(0);
  });

  it('reports the server unreachable once after three failed checks, and recovered once', async () => {
    await run('iptables', '-I', ...BLOCK);
    try {
      await waitFor(
        async () => {
          await monitoring.checkServer(server);
          return sentFor('unreachable').length > 0;
        },
        { timeoutMs: 90_000, intervalMs: 200, what: 'the unreachable incident' },
      );
      await monitoring.checkServer(server);
    } finally {
      await run('iptables', '-D', ...BLOCK);
    }
    await waitFor(
      async () => {
        await monitoring.checkServer(server);
        return sentFor('unreachable').length > 1;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the recovery' },
    );
    await monitoring.checkServer(server);
    expect(
      sentFor('unreachable').map((alert) => `${alert.call} ${'type' in alert ? alert.type : ''}`),
    ).toEqual(['open server.unreachable', 'resolve ']);
    expect(
      recording.calls.filter((call) => call.call === 'open' && call.type === 'server.unreachable'),
    ).toHaveLength(1);
    expect(sentFor('disk')).toHaveLength(1);
    // What the user received: the disk alert, then one message for the outage and one when it ended.
    await waitFor(async () => delivered().filter((event) => /disk|unreachable/.test(event)).length >= 3, {
      timeoutMs: 30_000,
      what: 'the webhook messages',
    });
    // (CPU and memory are left out: their threshold is 100 %, which a saturated CI host reaches.)
    const diskAndReach = delivered().filter((event) => /disk|unreachable/.test(event));
    expect(diskAndReach).toEqual(['server.disk', 'server.unreachable', 'resolved:server.unreachable']);
  });
});
