import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP fake of the DNS providers' APIs (issue 19), for tests that cannot reach the real
 * ones: it answers in the providers' own shapes, from the recorded answers in
 * apps/api/src/dns-providers/providers/fixtures. Zones and records start as the recorded pages hold
 * them and change with the calls (create, update, delete), so a browser journey sees its record
 * appear; lists are paged as small as the recordings, so every read crosses pages. Errors and rate
 * limits are the recorded bodies, answered when a test asks for them (`failNext`).
 *
 * Cloudflare lives under `/cloudflare/client/v4`, DigitalOcean under `/digitalocean/v2`:
 * CLOUDFLARE_API_URL and DIGITALOCEAN_API_URL point there.
 */

const FIXTURES = new URL('../dns-providers/providers/fixtures/', import.meta.url);
export function dnsFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
}

export const FAKE_CLOUDFLARE_TOKEN = 'cf-recorded-token-0123456789abcdef';
export const FAKE_DIGITALOCEAN_TOKEN = 'dop_v1_recorded0123456789abcdef';

type Provider = 'cloudflare' | 'digitalocean';
type Json = Record<string, unknown>;

export interface FakeFailure {
  provider: Provider;
  method?: string;
  /** Matched against the path after the provider's root, query string included. */
  path: RegExp;
  status: number;
  /** A recorded body (fixture file name) or a body of its own. */
  fixture?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching calls answer this (default 1). */
  times?: number;
}

export interface FakeRequest {
  provider: Provider;
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface DnsProviderFake {
  url: string;
  cloudflareUrl: string;
  digitaloceanUrl: string;
  requests: FakeRequest[];
  failNext(failure: FakeFailure): void;
  close(): Promise<void>;
}

const hex = () => randomBytes(16).toString('hex');

interface CloudflareState {
  zones: Json[];
  records: Map<string, Json[]>;
}
interface DigitalOceanState {
  domains: Json[];
  records: Map<string, Json[]>;
  nextId: number;
}

function seedCloudflare(): CloudflareState {
  const zones = [
    ...(dnsFixture('cloudflare-zones-page-1.json').result as Json[]),
    ...(dnsFixture('cloudflare-zones-page-2.json').result as Json[]),
  ];
  const recorded = [
    ...(dnsFixture('cloudflare-dns-records-page-1.json').result as Json[]),
    ...(dnsFixture('cloudflare-dns-records-page-2.json').result as Json[]),
  ];
  const records = new Map<string, Json[]>(zones.map((zone) => [zone.id as string, []]));
  for (const record of recorded) records.get(record.zone_id as string)?.push(record);
  return { zones, records };
}

function seedDigitalOcean(): DigitalOceanState {
  const domains = [
    ...(dnsFixture('digitalocean-domains-page-1.json').domains as Json[]),
    ...(dnsFixture('digitalocean-domains-page-2.json').domains as Json[]),
  ];
  const records = new Map<string, Json[]>(domains.map((domain) => [domain.name as string, []]));
  records.set('example.com', [
    ...(dnsFixture('digitalocean-records-page-1.json').domain_records as Json[]),
    ...(dnsFixture('digitalocean-records-page-2.json').domain_records as Json[]),
  ]);
  return { domains, records, nextId: 1000 };
}

/** Cloudflare's `content` for the types that carry their parts in `data`. */
function cloudflareContent(body: Json): string {
  const data = (body.data ?? {}) as Json;
  switch (body.type) {
    case 'SRV':
      return `${String(data.weight)} ${String(data.port)} ${String(data.target)}`;
    case 'CAA':
      return `${String(data.flags)} ${String(data.tag)} "${String(data.value)}"`;
    case 'HTTPS':
      return `${String(data.priority)} ${String(data.target)} ${String(data.value ?? '')}`.trim();
    default:
      return String(body.content ?? '');
  }
}

export async function startDnsProviderFake(
  options: { port?: number; host?: string; zonesPerPage?: number; recordsPerPage?: number } = {},
): Promise<DnsProviderFake> {
  const zonesPerPage = options.zonesPerPage ?? 2;
  const recordsPerPage = options.recordsPerPage ?? 4;
  const cloudflare = seedCloudflare();
  const digitalocean = seedDigitalOcean();
  const failures: FakeFailure[] = [];
  const requests: FakeRequest[] = [];

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }

  function page(url: URL, cap: number) {
    const number = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const asked = Number(url.searchParams.get('per_page') ?? cap) || cap;
    return { number, size: Math.min(cap, asked) };
  }

  function cloudflareList(items: Json[], url: URL, cap: number) {
    const { number, size } = page(url, cap);
    const result = items.slice((number - 1) * size, number * size);
    return {
      result,
      success: true,
      errors: [],
      messages: [],
      result_info: {
        page: number,
        per_page: size,
        count: result.length,
        total_count: items.length,
        total_pages: Math.max(1, Math.ceil(items.length / size)),
      },
    };
  }

  function digitalOceanList(key: string, items: Json[], url: URL, path: string, cap: number) {
    const { number, size } = page(url, cap);
    const pages = Math.max(1, Math.ceil(items.length / size));
    // The real API names its own host in these links: a client must not follow it elsewhere.
    const link = (target: number) => `https://api.digitalocean.com/v2${path}?page=${target}&per_page=${size}`;
    const links: Json = {};
    if (number > 1) Object.assign(links, { first: link(1), prev: link(number - 1) });
    if (number < pages) Object.assign(links, { next: link(number + 1), last: link(pages) });
    return {
      [key]: items.slice((number - 1) * size, number * size),
      links: { pages: links },
      meta: { total: items.length },
    };
  }

  function handleCloudflare(method: string, path: string, url: URL, body: Json, response: ServerResponse) {
    const ok = (result: unknown) => send(response, 200, { result, success: true, errors: [], messages: [] });
    if (method === 'GET' && /^\/(user|accounts\/[^/]+)\/tokens\/verify$/.test(path))
      return send(response, 200, dnsFixture('cloudflare-token-verify.json'));
    if (method === 'GET' && path === '/zones')
      return send(response, 200, cloudflareList(cloudflare.zones, url, zonesPerPage));
    const zoneMatch = /^\/zones\/([^/]+)(\/dns_records(?:\/([^/]+))?)?$/.exec(path);
    const zone = zoneMatch ? cloudflare.zones.find((candidate) => candidate.id === zoneMatch[1]) : undefined;
    if (!zoneMatch || !zone) return send(response, 404, dnsFixture('cloudflare-error-zone-not-found.json'));
    if (!zoneMatch[2] && method === 'GET') return ok(zone);
    const records = cloudflare.records.get(zone.id as string)!;
    const recordId = zoneMatch[3];
    if (!recordId && method === 'GET')
      return send(response, 200, cloudflareList(records, url, recordsPerPage));
    const build = (id: string): Json => {
      const type = String(body.type);
      const now = new Date().toISOString();
      const name = String(body.name);
      return {
        id,
        zone_id: zone.id,
        zone_name: zone.name,
        name:
          name === '@' ? zone.name : name.endsWith(String(zone.name)) ? name : `${name}.${String(zone.name)}`,
        type,
        content: cloudflareContent(body),
        proxiable: ['A', 'AAAA', 'CNAME'].includes(type),
        proxied: body.proxied === true,
        ttl: body.proxied === true ? 1 : body.ttl,
        settings: {},
        meta: { auto_added: false, managed_by_apps: false, managed_by_argo_tunnel: false },
        comment: null,
        tags: [],
        created_on: now,
        modified_on: now,
        ...(body.priority === undefined ? {} : { priority: body.priority }),
        ...(body.data === undefined ? {} : { data: body.data }),
      };
    };
    const identical = (candidate: Json, made: Json) =>
      candidate.type === made.type && candidate.name === made.name && candidate.content === made.content;
    if (!recordId && method === 'POST') {
      const made = build(hex());
      if (records.some((candidate) => identical(candidate, made)))
        return send(response, 400, dnsFixture('cloudflare-error-record-exists.json'));
      records.push(made);
      return ok(made);
    }
    const index = records.findIndex((candidate) => candidate.id === recordId);
    if (index < 0)
      return send(response, 404, {
        result: null,
        success: false,
        errors: [{ code: 81044, message: 'Record does not exist.' }],
        messages: [],
      });
    if (method === 'PUT') {
      records[index] = build(recordId!);
      return ok(records[index]);
    }
    if (method === 'DELETE') {
      records.splice(index, 1);
      return ok({ id: recordId });
    }
    return send(response, 405, { success: false, errors: [{ code: 10405, message: 'Method not allowed' }] });
  }

  function handleDigitalOcean(method: string, path: string, url: URL, body: Json, response: ServerResponse) {
    if (method === 'GET' && path === '/account')
      return send(response, 200, dnsFixture('digitalocean-account.json'));
    if (method === 'GET' && path === '/domains')
      return send(response, 200, digitalOceanList('domains', digitalocean.domains, url, path, zonesPerPage));
    const match = /^\/domains\/([^/]+)(\/records(?:\/([^/]+))?)?$/.exec(path);
    const domain = match ? digitalocean.domains.find((candidate) => candidate.name === match[1]) : undefined;
    if (!match || !domain) return send(response, 404, dnsFixture('digitalocean-error-not-found.json'));
    if (!match[2] && method === 'GET') return send(response, 200, { domain });
    const records = digitalocean.records.get(domain.name as string)!;
    const recordId = match[3];
    if (!recordId && method === 'GET')
      return send(response, 200, digitalOceanList('domain_records', records, url, path, recordsPerPage));
    const build = (id: number): Json | null => {
      const data = String(body.data ?? '');
      // The real API refuses a host name without its final dot for these types.
      if (['CNAME', 'MX', 'NS', 'SRV'].includes(String(body.type)) && data !== '@' && !data.endsWith('.'))
        return null;
      return {
        id,
        type: body.type,
        name: body.name,
        data: data.replace(/\.$/, ''),
        priority: body.priority ?? null,
        port: body.port ?? null,
        ttl: body.ttl ?? 1800,
        weight: body.weight ?? null,
        flags: body.flags ?? null,
        tag: body.tag ?? null,
      };
    };
    if (!recordId && method === 'POST') {
      const made = build((digitalocean.nextId += 1));
      if (!made) return send(response, 422, dnsFixture('digitalocean-error-unprocessable.json'));
      records.push(made);
      return send(response, 201, { domain_record: made });
    }
    const index = records.findIndex((candidate) => String(candidate.id) === recordId);
    if (index < 0) return send(response, 404, dnsFixture('digitalocean-error-not-found.json'));
    if (method === 'PUT') {
      const made = build(Number(recordId));
      if (!made) return send(response, 422, dnsFixture('digitalocean-error-unprocessable.json'));
      records[index] = made;
      return send(response, 200, { domain_record: made });
    }
    if (method === 'DELETE') {
      records.splice(index, 1);
      return send(response, 204, undefined);
    }
    return send(response, 405, { id: 'method_not_allowed', message: 'Method not allowed' });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname === '/health') return send(response, 200, { ok: true });
    const root =
      /^\/(cloudflare)\/client\/v4(\/.*)$/.exec(url.pathname) ??
      /^\/(digitalocean)\/v2(\/.*)$/.exec(url.pathname);
    if (!root) return send(response, 404, { message: 'no such provider' });
    const provider = root[1] as Provider;
    const path = root[2]!;
    const method = request.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = (text ? JSON.parse(text) : {}) as Json;
    const authorization = request.headers.authorization;
    requests.push({ provider, method, path: path + url.search, authorization });

    const failure = failures.find(
      (candidate) =>
        candidate.provider === provider &&
        (!candidate.method || candidate.method === method) &&
        candidate.path.test(path + url.search),
    );
    if (failure) {
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      return send(
        response,
        failure.status,
        failure.fixture ? dnsFixture(failure.fixture) : failure.body,
        failure.headers,
      );
    }
    if (provider === 'cloudflare') {
      if (authorization !== `Bearer ${FAKE_CLOUDFLARE_TOKEN}`)
        return send(response, 401, dnsFixture('cloudflare-error-invalid-token.json'));
      return handleCloudflare(method, path, url, body, response);
    }
    if (authorization !== `Bearer ${FAKE_DIGITALOCEAN_TOKEN}`)
      return send(response, 401, dnsFixture('digitalocean-error-unauthorized.json'));
    return handleDigitalOcean(method, path, url, body, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    cloudflareUrl: `${url}/cloudflare/client/v4`,
    digitaloceanUrl: `${url}/digitalocean/v2`,
    requests,
    failNext: (failure) => failures.push({ ...failure }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
