import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, deniedAddressReason, safeFetch } from './safe-fetch.js';

/**
 * SECURITY.md's SSRF rules through the one outbound fetch: schemes, every denied range, names
 * that resolve to them, the pinned address, redirects and the size cap. The local server is
 * reachable only through the explicit allowlist, as tests configure OUTBOUND_ALLOW_HOSTS.
 */
describe('safe outbound fetch', () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.url ?? '');
      if (request.url === '/redirect') response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else if (request.url === '/big') response.end('x'.repeat(200_000));
      else response.end(`host=${request.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('denies loopback, private, link-local, shared, metadata and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.100.100.200',
      '224.0.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fe80::1',
      'fd00:ec2::254',
    ]) {
      expect(deniedAddressReason(address), address).not.toBeNull();
    }
    expect(deniedAddressReason('93.184.216.34')).toBeNull();
    expect(deniedAddressReason('2606:4700::1111')).toBeNull();
  });

  it('refuses other schemes, credentials, and names resolving to a denied address', async () => {
    await expect(checkOutboundUrl('file:///etc/passwd')).rejects.toThrow(/only http and https/);
    await expect(checkOutboundUrl('gopher://example.com/')).rejects.toThrow(/only http and https/);
    await expect(checkOutboundUrl('http://user:pass@example.com/')).rejects.toThrow(/credentials/);
    await expect(checkOutboundUrl('http://localhost:8080/')).rejects.toThrow(/loopback/);
    const rebinding = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expect(checkOutboundUrl('https://hooks.example.test/x', { resolve: rebinding })).rejects.toThrow(
      /private/,
    );
    await expect(safeFetch(`${base}/`, { body: '{}' })).rejects.toThrow(/loopback/);
    expect(seen).toEqual([]);
  });

  it('connects to the pinned address whatever the name, and never follows a redirect', async () => {
    // A public-looking name pinned to the allowed local address: the Host header stays the name.
    const port = (server.address() as AddressInfo).port;
    const answer = await safeFetch(
      `http://hooks.example.test:${port}/`,
      { method: 'GET' },
      { allowHosts: ['hooks.example.test'], resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    );
    expect(answer).toEqual({ status: 200, body: `host=hooks.example.test:${port}` });
    const redirect = await safeFetch(`${base}/redirect`, { method: 'GET' }, { allowHosts: ['127.0.0.1'] });
    expect(redirect.status).toBe(302);
    expect(seen).toEqual(['/', '/redirect']);
  });

  it('caps the answer size', async () => {
    await expect(
      safeFetch(`${base}/big`, { method: 'GET' }, { allowHosts: ['127.0.0.1'], maxResponseBytes: 1000 }),
    ).rejects.toThrow(/larger than 1000 bytes/);
  });
});
