import type { DnsRecord, DnsRecordInput, DnsRecordsMeta } from '@hostdeck/contracts/dns-records';
import { DNS_PROVIDER_MESSAGES } from '@hostdeck/contracts/dns-providers';
import {
  DNS_PROVIDER_ERROR_MESSAGES,
  DnsProviderError,
  type DnsProviderAdapter,
  type DnsZone,
} from '../dns-provider.js';
import {
  createProviderHttp,
  relativeName,
  type ProviderHttpOptions,
  type ProviderResponse,
} from '../provider-http.js';

/**
 * DigitalOcean's API v2 (https://docs.digitalocean.com/reference/api/): domains are zones (the
 * name is the id), records are `domain_records` with relative names (`@` for the apex) and their
 * value in `data`; lists are paged by `links.pages.next`. Errors are `{id, message}`. Tested
 * against recorded answers (providers/fixtures/digitalocean-*.json).
 *
 * DigitalOcean has no HTTPS or PTR records and no proxy; its TTL is at least 30 s, so "Auto" is
 * written as its default, 1800.
 */
export const DIGITALOCEAN_META: DnsRecordsMeta = {
  types: ['A', 'AAAA', 'CAA', 'CNAME', 'MX', 'NS', 'SRV', 'TXT'],
  hasProxy: false,
};
const DEFAULT_TTL = 1800;
const PER_PAGE = 200;
const MAX_PAGES = 500;

interface DigitalOceanRecord {
  id: number | string;
  type: string;
  name: string;
  data?: string;
  priority?: number | null;
  port?: number | null;
  ttl?: number;
  weight?: number | null;
  flags?: number | null;
  tag?: string | null;
}

interface Paged {
  links?: { pages?: { next?: string } };
}

function failure(response: ProviderResponse): DnsProviderError {
  const body = (response.body ?? {}) as { id?: string; message?: string };
  const message =
    [body.message, body.id ? `(${body.id})` : ''].filter(Boolean).join(' ') || `HTTP ${response.status}`;
  if (response.status === 401 || response.status === 403) return new DnsProviderError('credential', message);
  if (response.status === 404) return new DnsProviderError('not-found', message);
  return new DnsProviderError('refused', message);
}

/** A host name as DigitalOcean wants a target: fully qualified, with the final dot. */
const fqdn = (value: string) => (value === '.' || value.endsWith('.') ? value : `${value}.`);

function toDigitalOcean(record: DnsRecordInput): Record<string, unknown> {
  const base = {
    type: record.type,
    name: record.name,
    ttl: record.ttl === 1 ? DEFAULT_TTL : Math.max(30, record.ttl),
  };
  switch (record.type) {
    case 'CNAME':
    case 'NS':
      return { ...base, data: fqdn(record.content) };
    case 'MX':
      return { ...base, data: fqdn(record.content), priority: record.priority };
    case 'SRV':
      return {
        ...base,
        data: fqdn(record.content),
        priority: record.priority,
        weight: record.weight,
        port: record.port,
      };
    case 'CAA':
      return { ...base, data: record.content, flags: record.flags, tag: record.tag };
    case 'HTTPS':
    case 'PTR':
      // Refused by the service before any call (not in DIGITALOCEAN_META.types).
      throw DnsProviderError.ours('refused', DNS_PROVIDER_MESSAGES.typeNotSupported, { type: record.type });
    default:
      return { ...base, data: record.content };
  }
}

/** A record as DigitalOcean lists it, in the panel's shape; null for types the panel does not handle (SOA). */
export function fromDigitalOcean(zone: string, raw: DigitalOceanRecord): DnsRecord | null {
  if (!(DIGITALOCEAN_META.types as readonly string[]).includes(raw.type)) return null;
  const data = raw.data ?? '';
  const target = data === '@' ? zone : data.replace(/\.$/, '');
  const base = {
    id: String(raw.id),
    type: raw.type,
    name: relativeName(raw.name, zone),
    ttl: raw.ttl ?? DEFAULT_TTL,
  };
  let record: Record<string, unknown>;
  switch (raw.type) {
    case 'CNAME':
    case 'NS':
      record = { ...base, content: target };
      break;
    case 'MX':
      record = { ...base, content: target, priority: raw.priority ?? 0 };
      break;
    case 'SRV':
      record = {
        ...base,
        content: target,
        priority: raw.priority ?? 0,
        weight: raw.weight ?? 0,
        port: raw.port ?? 0,
      };
      break;
    case 'CAA':
      record = { ...base, content: data, flags: raw.flags ?? 0, tag: raw.tag ?? 'issue' };
      break;
    default:
      record = { ...base, content: data };
  }
  return record as DnsRecord;
}

/** The page a `links.pages.next` URL asks for: only its number is used, never its host. */
export function nextPage(body: unknown): number | null {
  const next = (body as Paged | null)?.links?.pages?.next;
  if (!next) return null;
  const match = /[?&]page=(\d+)/.exec(next);
  return match ? Number(match[1]) : null;
}

export function createDigitalOceanAdapter(
  options: ProviderHttpOptions,
): DnsProviderAdapter & { getZone(id: string): Promise<DnsZone> } {
  const http = createProviderHttp(options);

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
    const response = await http(method, path, body);
    if (response.status >= 400) throw failure(response);
    return response.body;
  }

  /** Every page of a list: follows `links.pages.next` (by its page number, on our own API root). */
  async function all<T>(path: string, key: string): Promise<T[]> {
    const items: T[] = [];
    let page: number | null = 1;
    for (let count = 0; page !== null && count < MAX_PAGES; count += 1) {
      const body = (await call('GET', `${path}?page=${page}&per_page=${PER_PAGE}`)) as Record<
        string,
        unknown
      >;
      const list = body?.[key];
      items.push(...(Array.isArray(list) ? (list as T[]) : []));
      const next = nextPage(body);
      page = next !== null && next > page ? next : null;
    }
    return items;
  }

  const recordsPath = (zone: DnsZone) => `/domains/${encodeURIComponent(zone.name)}/records`;
  const record = (zone: DnsZone, body: unknown) => {
    const listed = fromDigitalOcean(zone.name, (body as { domain_record: DigitalOceanRecord }).domain_record);
    if (!listed) throw DnsProviderError.ours('refused', DNS_PROVIDER_ERROR_MESSAGES.unexpectedRecord);
    return listed;
  };

  return {
    meta: DIGITALOCEAN_META,

    async verify() {
      const body = (await call('GET', '/account')) as { account?: { status?: string } } | null;
      if (!body?.account) throw DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.noAccount);
      if (body.account.status === 'locked')
        throw DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.accountLocked);
    },

    async listZones() {
      const domains = await all<{ name: string }>('/domains', 'domains');
      return domains.map((domain) => ({ id: domain.name, name: domain.name }));
    },

    async getZone(id: string) {
      const body = (await call('GET', `/domains/${encodeURIComponent(id)}`)) as { domain: { name: string } };
      return { id: body.domain.name, name: body.domain.name };
    },

    async listRecords(zone) {
      const records = await all<DigitalOceanRecord>(recordsPath(zone), 'domain_records');
      return records.flatMap((raw) => fromDigitalOcean(zone.name, raw) ?? []);
    },

    async createRecord(zone, input) {
      return record(zone, await call('POST', recordsPath(zone), toDigitalOcean(input)));
    },

    async updateRecord(zone, id, input) {
      return record(
        zone,
        await call('PUT', `${recordsPath(zone)}/${encodeURIComponent(id)}`, toDigitalOcean(input)),
      );
    },

    async deleteRecord(zone, id) {
      await call('DELETE', `${recordsPath(zone)}/${encodeURIComponent(id)}`);
    },
  };
}
