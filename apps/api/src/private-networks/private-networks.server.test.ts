import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  privateNetworkActionResponseSchema,
  privateNetworkListResponseSchema,
  type PrivateNetwork,
} from '@hostdeck/contracts/private-networks';
import {
  linkTestServers,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { createServerRecord } from '../testing/fixtures.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * A private network between two booted Debian 12 test servers (`web` image: wireguard-tools and
 * wireguard-go, linked by a direct cable), made through the API and the job workers in one action;
 * each server then pings the other's private address. Removing a member takes its interface away
 * and the other drops it as a peer.
 */
const [pglite] = await availableTestDatabases();
const FIRST = 'pna';
const SECOND = 'pnb';

describe('private network on two booted test servers', () => {
  let first: TestServer;
  let second: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let firstId: number;
  let secondId: number;
  let network: PrivateNetwork;

  beforeAll(async () => {
    [first, second] = await Promise.all([bootWebTestServer(FIRST), bootWebTestServer(SECOND)]);
    await linkTestServers(FIRST, SECOND);
    const connected = await createConnectedTestApp(pglite!, first, { workers: true });
    ({ test, api, serverId: firstId } = connected);
    const record = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: connected.user.id,
      ip: second.address,
      port: second.port,
      password: second.password,
      name: 'second-server',
    });
    secondId = record.id;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await Promise.all([stopTestServer(FIRST), stopTestServer(SECOND)]);
  });

  const on = async (server: TestServer, script: string) =>
    (await runOnTestServer(server, ['bash', '-c', script])).stdout.trim();

  const networks = async (): Promise<PrivateNetwork[]> => {
    const response = await api.get('/api/private-networks');
    expect(response.statusCode, response.body).toBe(200);
    return privateNetworkListResponseSchema.parse(response.json()).data;
  };

  const networkEvents = async () =>
    (await test.database.db.select().from(events)).filter((row) => row.type.startsWith('private_network_'));

  /** Waits until every private network event has finished and no member is joining or leaving. */
  const settled = (what: string, minimumEvents: number) =>
    waitFor(
      async () => {
        const rows = await networkEvents();
        if (rows.length < minimumEvents || rows.some((row) => !row.isFinished)) return undefined;
        const list = await networks();
        const busy = list.some((item) =>
          item.members.some((member) => member.status === 'joining' || member.status === 'leaving'),
        );
        return busy ? undefined : { rows, list };
      },
      { timeoutMs: 300_000, intervalMs: 500, what },
    );

  it('joins both servers in one action and each pings the other over the network', async () => {
    // ufw on the first server: the network's port must be let in from the second one only.
    await on(first, 'ufw allow 22/tcp && ufw --force enable');
    const response = await api.post('/api/private-networks', {
      name: 'db-net',
      servers: [firstId, secondId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const action = privateNetworkActionResponseSchema.parse(response.json()).data;
    expect(action.events).toHaveLength(2);
    expect(action.network?.members.map((member) => member.status)).toEqual(['joining', 'joining']);

    // Two joins, then a peers event per member once both keys were known.
    const { rows, list } = await settled('the network to be joined', 4);
    for (const row of rows) expect(row.status, row.output).toBe('FINISHED');
    network = list.find((item) => item.name === 'db-net')!;
    expect(network.interface).toBe(`hdnet${network.id}`);
    expect(network.cidr).toMatch(/^10\.\d+\.\d+\.0\/24$/);
    const [a, b] = [firstId, secondId].map((id) =>
      network.members.find((member) => member.server_id === id)!,
    );
    expect(a!.status).toBe('active');
    expect(b!.status).toBe('active');

    const iface = network.interface;
    for (const [server, member] of [
      [first, a!],
      [second, b!],
    ] as const) {
      // The key was made on the server: the panel has its public half, which the interface uses.
      expect(await on(server, `wg show ${iface} public-key`)).toBe(member.public_key);
      expect(await on(server, `stat -c %a /etc/wireguard/${iface}.conf`)).toBe('600');
      expect(await on(server, `systemctl is-enabled wg-quick@${iface}`)).toBe('enabled');
      expect(await on(server, `ip -4 -o addr show dev ${iface}`)).toContain(`${member.address}/24`);
      const privateKey = await on(server, `sed -n 's/^PrivateKey = //p' /etc/wireguard/${iface}.conf`);
      expect(privateKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      for (const row of rows) expect(row.output).not.toContain(privateKey);
    }
    expect(await on(first, `wg show ${iface} peers`)).toBe(b!.public_key);
    expect(await on(second, `wg show ${iface} peers`)).toBe(a!.public_key);
    // Persisted too: the peer is in the file wg-quick reads at boot.
    expect(await on(first, `grep -c '^\\[Peer\\]' /etc/wireguard/${iface}.conf`)).toBe('1');

    const rules = await on(first, 'ufw show added');
    const comment = `comment 'hostdeck-network:${iface}'`;
    expect(rules).toContain(
      `ufw allow from ${second.address} to any port ${network.port} proto udp ${comment}`,
    );
    expect(rules).toContain(`ufw allow in on ${iface} ${comment}`);

    const ping = async (from: TestServer, to: string) =>
      (await runOnTestServer(from, ['ping', '-c', '3', '-W', '2', to])).code;
    expect(await ping(first, b!.address)).toBe(0);
    expect(await ping(second, a!.address)).toBe(0);
  }, 600_000);

  it('removes a member: its interface is gone and the other drops it as a peer', async () => {
    const response = await api.delete(`/api/private-networks/${network.id}/members/${secondId}`);
    expect(response.statusCode, response.body).toBe(201);
    const before = (await networkEvents()).length;
    const { rows, list } = await settled('the member to leave', before);
    for (const row of rows) expect(row.status, row.output).toBe('FINISHED');
    const left = list.find((item) => item.id === network.id)!;
    expect(left.members.map((member) => member.server_id)).toEqual([firstId]);

    const iface = network.interface;
    expect((await runOnTestServer(second, ['ip', 'link', 'show', 'dev', iface])).code).not.toBe(0);
    expect(await on(second, `test -e /etc/wireguard/${iface}.conf && echo present || echo gone`)).toBe(
      'gone',
    );
    expect(await on(second, `systemctl is-enabled wg-quick@${iface} || true`)).not.toBe('enabled');
    expect(await on(first, `wg show ${iface} peers`)).toBe('');
    // Its address may no longer reach the network's port on the first server.
    expect(await on(first, 'ufw show added')).not.toContain(
      `from ${second.address} to any port ${network.port}`,
    );
  }, 300_000);

  it('deletes the network with its last member', async () => {
    const response = await api.delete(`/api/private-networks/${network.id}`);
    expect(response.statusCode, response.body).toBe(201);
    const before = (await networkEvents()).length;
    await settled('the network to be deleted', before);
    await waitFor(async () => ((await networks()).length === 0 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: 'the network row to go',
    });
    expect((await runOnTestServer(first, ['ip', 'link', 'show', 'dev', network.interface])).code).not.toBe(0);
    expect(await on(first, 'ufw show added')).not.toContain('hostdeck-network:');
  }, 300_000);
});
