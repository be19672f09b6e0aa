import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { servers } from '../database/schema.js';
import { createServerConnections, SECRET_PURPOSE } from './server-connection.js';
import { SERVER_MESSAGES } from './server-messages.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import { freePort } from '../testing/panel-process.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import {
  isRefusedServerAddress,
  pinServerAddress,
  ServerAddressRefusedError,
} from './server-address-policy.js';

describe('the addresses a server may be connected at', () => {
  it('refuses the panel’s own host, link-local and metadata, multicast, broadcast and reserved', () => {
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '0.1.2.3',
      '169.254.169.254',
      '169.254.0.23',
      '192.0.0.192',
      '100.100.100.200',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:127.0.0.1',
      '::127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a9fe:a9fe',
      '2002:7f00:1::',
      'fd00:ec2::254',
      'fd00:ec2::123',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '100::1',
      '2001::1',
      'not an address',
      '',
    ];
    expect(refused.filter((address) => !isRefusedServerAddress(address))).toEqual([]);
  });

  it('allows public and private networks (users manage servers on them)', () => {
    const allowed = [
      '8.8.8.8',
      '10.0.0.1',
      '10.99.0.2',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.10',
      '100.64.0.1',
      '100.100.100.100',
      '203.0.113.10',
      '198.51.100.7',
      '192.0.2.1',
      '2606:4700::1111',
      'fd12:3456::1',
      'fd00:ec3::254',
      '2001:db8::7',
      '::ffff:10.0.0.1',
      '64:ff9b::8.8.8.8',
      '2002:0808:0808::',
    ];
    expect(allowed.filter(isRefusedServerAddress)).toEqual([]);
  });

  it('resolves a name once, refuses it when any answer is refused, and connects to what it checked', async () => {
    const answers: Record<string, string[]> = {
      'private.example': ['10.1.2.3', '10.1.2.4'],
      'rebind.example': ['10.1.2.3', '127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'nothing.example': [],
    };
    let lookups = 0;
    const lookup = async (host: string) => {
      lookups += 1;
      return answers[host] ?? [];
    };
    expect(await pinServerAddress('private.example', lookup)).toBe('10.1.2.3');
    expect(lookups).toBe(1);
    for (const host of ['rebind.example', 'metadata.example', 'nothing.example'])
      await expect(pinServerAddress(host, lookup)).rejects.toBeInstanceOf(ServerAddressRefusedError);
    expect(await pinServerAddress('10.0.0.1', lookup)).toBe('10.0.0.1');
    await expect(pinServerAddress('::1', lookup)).rejects.toBeInstanceOf(ServerAddressRefusedError);
  });
});

/**
 * Through the API with the panel's real SSH executor: nothing may reach a refused address, and the
 * answer for an open port and a closed one is the same (issue 25 finding 7: the panel was a port
 * scanner of its own host).
 */
describe('connecting a server at a refused address', () => {
  let test: TestApp;
  let listener: net.Server;
  let openPort: number;
  let closedPort: number;
  const reached: net.Socket[] = [];

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!);
    listener = net.createServer((socket) => {
      reached.push(socket);
      socket.end('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    openPort = (listener.address() as AddressInfo).port;
    closedPort = await freePort();
  });
  afterAll(async () => {
    await test?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  const form = (ip: string, port: number, method: 'password' | 'command' = 'password') => ({
    name: 'probe',
    ip,
    port,
    method,
    ...(method === 'password' ? { password: 'guess' } : {}),
    provision: { web_server: 'nginx', php_versions: ['8.2'], database: 'mariadb', timezone: 'UTC' },
  });

  it('answers alike for an open and a closed port of the panel’s host, and opens nothing', async () => {
    const answers = [];
    for (const port of [openPort, closedPort]) {
      const { user, api } = await signIn(test);
      const response = await api.post('/api/servers', form('127.0.0.1', port));
      expect(response.statusCode, response.body).toBe(422);
      answers.push(response.json());
      const stored = await test.database.db.select().from(servers).where(eq(servers.userId, user.id));
      expect(stored).toEqual([]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({
      errors: {
        ip: [
          'The panel does not connect servers at 127.0.0.1: loopback, link-local, cloud metadata, multicast, broadcast and reserved addresses are refused.',
        ],
      },
    });
    const { api } = await signIn(test);
    const vietnamese = await api.post('/api/servers', form('127.0.0.1', openPort), 'vi');
    expect(vietnamese.json().errors.ip[0]).toMatch(/^Bảng điều khiển không kết nối máy chủ tại 127\.0\.0\.1/);
    expect(reached).toHaveLength(0);
  });

  it('refuses every form of a refused address, by password or by command, stored or changed', async () => {
    const addresses = [
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0.0.0.0',
      '169.254.169.254',
      'fd00:ec2::254',
      '100.100.100.200',
      '224.0.0.1',
      '255.255.255.255',
      '64:ff9b::7f00:1',
      'fe80::1',
    ];
    for (const ip of addresses) {
      const { user, api } = await signIn(test);
      for (const method of ['password', 'command'] as const) {
        const response = await api.post('/api/servers', form(ip, openPort, method));
        expect(response.statusCode, `${method} ${ip}: ${response.body}`).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['ip']);
      }
      // A server of theirs cannot be moved there either.
      const server = await insertServer(test.database.db, user.id, { name: 'moved', ip: '10.20.30.40' });
      const moved = await api.put(`/api/servers/${server.id}/ip`, { ip });
      expect(moved.statusCode, `change to ${ip}`).toBe(422);
      const [row] = await test.database.db.select().from(servers).where(eq(servers.userId, user.id));
      expect(row!.ip).toBe('10.20.30.40');
    }
    expect(reached).toHaveLength(0);
  });

  it('refuses to connect a server stored at a refused address before addresses were checked', async () => {
    const { user, api } = await signIn(test);
    const server = await insertServer(test.database.db, user.id, {
      name: 'old',
      ip: '127.0.0.1',
      port: openPort,
    });
    const response = await api.post(`/api/servers/${server.id}/connect`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/^The panel does not connect servers at 127\.0\.0\.1/);
    expect(reached).toHaveLength(0);
  });

  it('never reaches a refused stored address through events or the terminal either', async () => {
    const { user } = await signIn(test);
    const box = test.panel.secretBox;
    const server = await insertServer(test.database.db, user.id, {
      name: 'old-key',
      ip: '127.0.0.1',
      port: openPort,
      sealedPassword: box.seal('secret', SECRET_PURPOSE.password),
    });
    const connections = createServerConnections(test.database.db, box);
    await expect(connections.resolveTarget(server.id)).rejects.toMatchObject({
      message: SERVER_MESSAGES.addressRefused,
      parameters: { address: '127.0.0.1' },
    });
    const lan = await insertServer(test.database.db, user.id, {
      name: 'lan-key',
      ip: '10.20.30.40',
      sealedPassword: box.seal('secret', SECRET_PURPOSE.password),
    });
    expect((await connections.resolveTarget(lan.id)).host).toBe('10.20.30.40');
    expect(reached).toHaveLength(0);
  });

  it('still stores a server on a private network', async () => {
    const { api } = await signIn(test);
    const response = await api.post('/api/servers', form('10.77.0.2', 22, 'command'));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('allows ten connection attempts a minute per user, then answers 429 with the time to wait', async () => {
    const { user, api } = await signIn(test);
    const refusedRow = await insertServer(test.database.db, user.id, { name: 'old', ip: '127.0.0.1' });
    const privateRow = await insertServer(test.database.db, user.id, { name: 'lan', ip: '10.20.30.40' });
    // Every way of making the panel connect counts, refused or not.
    expect((await api.post(`/api/servers/${refusedRow.id}/connect`)).statusCode).toBe(422);
    expect((await api.put(`/api/servers/${privateRow.id}/ip`, { ip: '::1' })).statusCode).toBe(422);
    expect((await api.post('/api/servers', form('127.0.0.1', closedPort))).statusCode).toBe(422);
    for (let attempt = 4; attempt <= 10; attempt += 1)
      expect((await api.post('/api/servers', form(`10.77.1.${attempt}`, 22, 'command'))).statusCode).toBe(
        201,
      );
    for (const call of [
      () => api.post('/api/servers', form('10.77.1.11', 22, 'command')),
      () => api.post(`/api/servers/${refusedRow.id}/connect`),
      () => api.put(`/api/servers/${privateRow.id}/ip`, { ip: '10.20.30.41' }, 'vi'),
    ]) {
      const limited = await call();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Each user has an allowance of their own.
    const other = await signIn(test);
    expect((await other.api.post('/api/servers', form('10.77.2.1', 22, 'command'))).statusCode).toBe(201);
  });
});
