import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support (used by no production code): a local stand-in for Cloudflare's API v4 with the
 * answers its documentation records (envelopes `{success, errors, messages, result,
 * result_info}`, names fully qualified, 404 with code 81044 for a record that does not exist),
 * enough for free domains: list zones, list/create/delete records. `failures` makes the next
 * calls of a kind answer Cloudflare's 500 envelope, as a provider outage would.
 */
export interface FakeCloudflareRecord {
  id: string;
  zone_id: string;
  zone_name: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied: boolean;
}

export async function startFakeCloudflare(zoneName: string) {
  const zoneId = randomBytes(16).toString('hex');
  const records = new Map<string, FakeCloudflareRecord>();
  const failures = { create: 0, delete: 0 };
  const calls: string[] = [];

  const envelope = (result: unknown, extra: object = {}) => ({
    success: true,
    errors: [],
    messages: [],
    result,
    ...extra,
  });
  const failure = (code: number, message: string) => ({
    success: false,
    errors: [{ code, message }],
    messages: [],
    result: null,
  });
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      calls.push(`${request.method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== 'Bearer fake-cloudflare-token')
        return send(403, failure(10000, 'Authentication error'));
      const info = (count: number) => ({
        result_info: { page: 1, per_page: 50, count, total_count: count, total_pages: 1 },
      });
      if (request.method === 'GET' && url.pathname === '/zones') {
        return send(200, envelope([{ id: zoneId, name: zoneName, status: 'active' }], info(1)));
      }
      const match = /^\/zones\/([^/]+)\/dns_records(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match || match[1] !== zoneId)
        return send(
          404,
          failure(7003, 'Could not route to /zones, perhaps your object identifier is invalid?'),
        );
      const id = match[2];
      if (request.method === 'GET' && !id) {
        const all = [...records.values()];
        return send(200, envelope(all, info(all.length)));
      }
      if (request.method === 'POST' && !id) {
        if (failures.create > 0) {
          failures.create -= 1;
          return send(500, failure(10000, 'Internal server error'));
        }
        const body = await readBody(request);
        const record: FakeCloudflareRecord = {
          id: randomBytes(16).toString('hex'),
          zone_id: zoneId,
          zone_name: zoneName,
          name: String(body.name),
          type: String(body.type),
          content: String(body.content),
          ttl: Number(body.ttl),
          proxied: Boolean(body.proxied),
        };
        records.set(record.id, record);
        return send(200, envelope(record));
      }
      if (request.method === 'DELETE' && id) {
        if (failures.delete > 0) {
          failures.delete -= 1;
          return send(500, failure(10000, 'Internal server error'));
        }
        if (!records.delete(id)) return send(404, failure(81044, 'Record does not exist.'));
        return send(200, envelope({ id }));
      }
      return send(405, failure(10000, 'Method not allowed'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token: 'fake-cloudflare-token',
    zoneId,
    records,
    failures,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeCloudflare = Awaited<ReturnType<typeof startFakeCloudflare>>;
