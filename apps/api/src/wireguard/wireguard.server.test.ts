import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import {
  wireguardListSchema,
  wireguardQrResponseSchema,
  type WireguardList,
} from '@hostdeck/contracts/wireguard';
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
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * WireGuard on two booted Debian 12 test servers (the `web` image: wireguard-tools and
 * wireguard-go, no kernel module), linked by a cable: `wga` is the server the panel manages,
 * `wgb` a client that installs the `.conf` the panel made with wg-quick. Through the API and the
 * queue (the production path); every change checked on the servers themselves.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'wga';
const CLIENT = 'wgb';

describe('WireGuard clients on booted test servers', () => {
  let server: TestServer;
  let client: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let base: string;

  beforeAll(async () => {
    [server, client] = await Promise.all([bootWebTestServer(SERVER), bootWebTestServer(CLIENT)]);
    await linkTestServers(SERVER, CLIENT);
    const connected = await createConnectedTestApp(pglite!, server, { workers: true });
    ({ test, api } = connected);
    base = `/api/servers/${connected.serverId}/wireguard`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await Promise.all([stopTestServer(SERVER), stopTestServer(CLIENT)]);
  });

  const on = async (target: TestServer, script: string) => {
    const result = await runOnTestServer(target, ['bash', '-c', script]);
    return { ...result, stdout: result.stdout.trim() };
  };

  const list = async (): Promise<WireguardList> => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return wireguardListSchema.parse(response.json());
  };

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };

  const pingsOverTunnel = () =>
    waitFor(async () => (await on(client, 'ping -c 1 -W 1 10.8.0.1')).code === 0 || undefined, {
      timeoutMs: 30_000,
      intervalMs: 500,
      what: 'a ping from wgb to 10.8.0.1 over the tunnel',
    });

  let laptop: { id: number; public_key: string };
  let phone: { id: number; public_key: string };
  let config: string;

  it('creates two clients: wg0 made on the server with its own key, each peer added live', async () => {
    const before = await list();
    expect(before.infos).toMatchObject({ installed: true, configured: false, up: false });
    expect(before.data).toEqual([]);

    for (const name of ['laptop', 'phone']) {
      const event = await runEvent(api.post(base, { name }));
      expect(event.status, event.output).toBe('FINISHED');
    }
    const { data, infos } = await list();
    expect(infos).toMatchObject({ installed: true, configured: true, up: true, port: 51820 });
    expect(
      data.map((peer) => [peer.name, peer.address, peer.status, peer.managed, peer.connected_peer]),
    ).toEqual([
      ['laptop', '10.8.0.2', 'active', true, true],
      ['phone', '10.8.0.3', 'active', true, true],
    ]);
    laptop = { id: data[0]!.id!, public_key: data[0]!.public_key };
    phone = { id: data[1]!.id!, public_key: data[1]!.public_key };

    // On the server: the file only root reads, the server's key made there, both peers live.
    expect((await on(server, 'stat -c %a /etc/wireguard/wg0.conf')).stdout).toBe('600');
    expect((await on(server, 'wg show wg0 listen-port')).stdout).toBe('51820');
    expect((await on(server, 'wg show wg0 public-key')).stdout).toBe(infos.public_key);
    const peers = (await on(server, 'wg show wg0 peers')).stdout.split('\n');
    expect(peers.sort()).toEqual([laptop.public_key, phone.public_key].sort());
    const conf = (await on(server, 'cat /etc/wireguard/wg0.conf')).stdout;
    expect(conf).toContain('# HostDeck client laptop');
    expect(conf).toContain(`PublicKey = ${phone.public_key}`);
    expect((await on(server, 'systemctl is-enabled wg-quick@wg0')).stdout).toBe('enabled');
    // The name is taken now.
    const again = await api.post(base, { name: 'laptop' });
    expect(again.statusCode).toBe(422);
  }, 400_000);

  it('the first client config gives wgb a tunnel: ping 10.8.0.1 over it', async () => {
    const download = await api.get(`${base}/${laptop.id}/download?route=network`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="laptop.conf"');
    config = download.body;
    expect(config).toContain('Address = 10.8.0.2/32');
    expect(config).toContain(`Endpoint = ${server.address}:51820`);
    const installed = await runOnTestServer(
      client,
      ['bash', '-c', 'umask 077; cat >/etc/wireguard/wgc.conf && wg-quick up wgc'],
      { input: config },
    );
    expect(installed.code, installed.stderr).toBe(0);
    await pingsOverTunnel();
    const { data } = await list();
    expect(data.find((peer) => peer.id === laptop.id)?.last_handshake).not.toBeNull();
  }, 120_000);

  it('deleting another client leaves the tunnel up, and keeps a peer added by hand', async () => {
    // A peer the panel did not make, live and saved: listed, never removed.
    const hand = (await on(server, 'wg genkey | wg pubkey')).stdout;
    const added = await on(
      server,
      `wg set wg0 peer ${hand} allowed-ips 10.8.0.200/32 && printf '\\n[Peer]\\nPublicKey = ${hand}\\nAllowedIPs = 10.8.0.200/32\\n' >>/etc/wireguard/wg0.conf`,
    );
    expect(added.code, added.stderr).toBe(0);
    expect((await list()).data.find((peer) => peer.public_key === hand)).toMatchObject({
      id: null,
      managed: false,
      address: '10.8.0.200',
    });

    const event = await runEvent(api.delete(`${base}/${phone.id}`));
    expect(event.status, event.output).toBe('FINISHED');
    await pingsOverTunnel();
    const peers = (await on(server, 'wg show wg0 peers')).stdout.split('\n').sort();
    expect(peers).toEqual([laptop.public_key, hand].sort());
    const conf = (await on(server, 'cat /etc/wireguard/wg0.conf')).stdout;
    expect(conf).not.toContain(phone.public_key);
    expect(conf).toContain(`PublicKey = ${hand}`);
    expect(conf).toContain(`PublicKey = ${laptop.public_key}`);
    expect((await on(server, 'stat -c %a /etc/wireguard/wg0.conf')).stdout).toBe('600');
    const { data } = await list();
    expect(data.map((peer) => peer.name)).toEqual(['laptop', null]);
  }, 200_000);

  it('the QR code decodes to exactly the config', async () => {
    const response = await api.get(`${base}/${laptop.id}/qr?route=network`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = wireguardQrResponseSchema.parse(response.json());
    expect(data.config).toBe(config);
    expect(data.qr.startsWith('data:image/png;base64,')).toBe(true);
    const png = PNG.sync.read(Buffer.from(data.qr.slice('data:image/png;base64,'.length), 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(config);
  }, 60_000);

  it('disable takes the peer off live (no ping), enable puts it back (ping)', async () => {
    const disabled = await runEvent(api.post(`${base}/${laptop.id}/disable`));
    expect(disabled.status, disabled.output).toBe('FINISHED');
    expect((await on(server, 'wg show wg0 peers')).stdout).not.toContain(laptop.public_key);
    expect((await list()).data.find((peer) => peer.id === laptop.id)).toMatchObject({ enabled: false });
    expect((await on(client, 'ping -c 1 -W 1 10.8.0.1')).code).not.toBe(0);
    const enabled = await runEvent(api.post(`${base}/${laptop.id}/enable`));
    expect(enabled.status, enabled.output).toBe('FINISHED');
    await pingsOverTunnel();
    expect((await list()).data.find((peer) => peer.id === laptop.id)).toMatchObject({ enabled: true });
  }, 200_000);
});
