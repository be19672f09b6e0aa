import { DNS_RECORD_TYPES } from '@hostdeck/contracts/constants';
import type { DnsRecord, DnsRecordInput, DnsRecordsMeta } from '@hostdeck/contracts/dns-records';
import {
  DNS_PROVIDER_ERROR_MESSAGES,
  DnsProviderError,
  type DnsProviderAdapter,
  type DnsZone,
} from '../dns-provider.js';
import {
  absoluteName,
  createProviderHttp,
  relativeName,
  unquoteTxt,
  type ProviderHttpOptions,
  type ProviderResponse,
} from '../provider-http.js';

/**
 * Cloudflare's API v4 (https://developers.cloudflare.com/api/): every answer is an envelope
 * `{success, errors: [{code, message}], messages, result, result_info}`; lists are paged with
 * `result_info.total_pages`. Names are answered fully qualified; SRV, CAA and HTTPS carry their
 * parts in `data`. Tested against recorded answers (providers/fixtures/cloudflare-*.json).
 */
export const CLOUDFLARE_META: DnsRecordsMeta = { types: [...DNS_RECORD_TYPES], hasProxy: true };

interface Envelope {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: unknown;
  result_info?: { page?: number; total_pages?: number };
}

interface CloudflareRecord {
  id: string;
  type: string;
  name: string;
  content?: string;
  ttl?: number;
  proxied?: boolean;
  priority?: number;
  data?: Record<string, unknown>;
}

/** Codes Cloudflare answers for a token it does not accept (invalid, expired, without permission). */
const CREDENTIAL_CODES = new Set([1000, 1001, 6003, 6111, 9106, 9109, 10000]);
const NOT_FOUND_CODES = new Set([7003, 7000, 81044, 1049]);
const ZONES_PER_PAGE = 50;
const RECORDS_PER_PAGE = 100;
const MAX_PAGES = 500;

function failure(response: ProviderResponse): DnsProviderError {
  const envelope = (response.body ?? {}) as Envelope;
  const errors = envelope.errors ?? [];
  const message =
    errors
      .map((error) => `${error.message ?? ''}${error.code ? ` (${error.code})` : ''}`.trim())
      .join('; ') || `HTTP ${response.status}`;
  const codes = errors.map((error) => error.code ?? 0);
  if (response.status === 401 || response.status === 403 || codes.some((code) => CREDENTIAL_CODES.has(code)))
    return new DnsProviderError('credential', message);
  if (response.status === 404 || codes.some((code) => NOT_FOUND_CODES.has(code)))
    return new DnsProviderError('not-found', message);
  return new DnsProviderError('refused', message);
}

function toCloudflare(zone: string, record: DnsRecordInput): Record<string, unknown> {
  const base = { type: record.type, name: absoluteName(record.name, zone), ttl: record.ttl };
  switch (record.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
      return { ...base, content: record.content, proxied: record.proxied ?? false };
    case 'NS':
    case 'PTR':
    case 'TXT':
      return { ...base, content: record.content };
    case 'MX':
      return { ...base, content: record.content, priority: record.priority };
    case 'SRV':
      return {
        ...base,
        data: { priority: record.priority, weight: record.weight, port: record.port, target: record.content },
      };
    case 'CAA':
      return { ...base, data: { flags: record.flags, tag: record.tag, value: record.content } };
    case 'HTTPS':
      return { ...base, data: { priority: record.priority, target: record.content, value: record.params } };
  }
}

const num = (value: unknown, fallback = 0) =>
  typeof value === 'number' ? value : Number(value ?? fallback) || 0;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const host = (value: string) => value.replace(/\.$/, '');

/** A record as Cloudflare lists it, in the panel's shape; null for types the panel does not handle. */
export function fromCloudflare(zone: string, raw: CloudflareRecord): DnsRecord | null {
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(raw.type)) return null;
  const base = { id: raw.id, name: relativeName(raw.name, zone), ttl: raw.ttl ?? 1 };
  const content = raw.content ?? '';
  const data = raw.data ?? {};
  let record: Record<string, unknown>;
  switch (raw.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
      record = { ...base, type: raw.type, content: host(content), proxied: raw.proxied ?? false };
      break;
    case 'MX':
      record = { ...base, type: raw.type, priority: raw.priority ?? 0, content: host(content) };
      break;
    case 'TXT':
      record = { ...base, type: raw.type, content: unquoteTxt(content) };
      break;
    case 'SRV': {
      // `content` is "weight port target" with the priority beside it when `data` is absent.
      const [weight, port, target] = content.split(/\s+/);
      record = {
        ...base,
        type: raw.type,
        priority: num(data.priority ?? raw.priority),
        weight: num(data.weight ?? weight),
        port: num(data.port ?? port),
        content: host(str(data.target) || (target ?? '')),
      };
      break;
    }
    case 'CAA': {
      const match = /^(\d+)\s+(\S+)\s+"?([^"]*)"?$/.exec(content);
      record = {
        ...base,
        type: raw.type,
        flags: num(data.flags ?? match?.[1]),
        tag: str(data.tag) || (match?.[2] ?? ''),
        content: str(data.value) || (match?.[3] ?? ''),
      };
      break;
    }
    case 'HTTPS': {
      const match = /^(\d+)\s+(\S+)\s*(.*)$/.exec(content);
      record = {
        ...base,
        type: raw.type,
        priority: num(data.priority ?? match?.[1]),
        content: host(str(data.target) || (match?.[2] ?? '.')) || '.',
        params: (str(data.value) || (match?.[3] ?? '')).replaceAll('"', ''),
      };
      break;
    }
    default:
      record = { ...base, type: raw.type, content: host(content) };
  }
  return record as DnsRecord;
}

export function createCloudflareAdapter(
  options: ProviderHttpOptions & { account?: string | null },
): DnsProviderAdapter & { getZone(id: string): Promise<DnsZone> } {
  const http = createProviderHttp(options);

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
    const response = await http(method, path, body);
    const envelope = (response.body ?? {}) as Envelope;
    if (response.status >= 400 || envelope.success === false) throw failure(response);
    return envelope;
  }

  /** Every page of a list: `result_info.total_pages` says how many there are. */
  async function all<T>(path: string, perPage: number): Promise<T[]> {
    const items: T[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const envelope = await call('GET', `${path}${separator}page=${page}&per_page=${perPage}`);
      const result = Array.isArray(envelope.result) ? (envelope.result as T[]) : [];
      items.push(...result);
      const total = envelope.result_info?.total_pages ?? 1;
      if (page >= total || result.length === 0) break;
    }
    return items;
  }

  const zonePath = (zone: DnsZone) => `/zones/${encodeURIComponent(zone.id)}/dns_records`;
  const record = (zone: DnsZone, envelope: Envelope) => {
    const listed = fromCloudflare(zone.name, envelope.result as CloudflareRecord);
    if (!listed) throw DnsProviderError.ours('refused', DNS_PROVIDER_ERROR_MESSAGES.unexpectedRecord);
    return listed;
  };

  return {
    meta: CLOUDFLARE_META,

    async verify() {
      // An account-owned token is verified under its account, a user token under /user.
      const path = options.account
        ? `/accounts/${encodeURIComponent(options.account)}/tokens/verify`
        : '/user/tokens/verify';
      const envelope = await call('GET', path).catch((error: unknown) => {
        if (
          error instanceof DnsProviderError &&
          error.kind !== 'rate-limited' &&
          error.kind !== 'unreachable'
        )
          throw new DnsProviderError('credential', error.message, error.own ? { own: error.own } : {});
        throw error;
      });
      const status = str((envelope.result as { status?: unknown } | null)?.status);
      if (status !== 'active')
        throw status
          ? DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.tokenStatus, { status })
          : DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.tokenNotActive);
    },

    async listZones() {
      const account = options.account ? `?account.id=${encodeURIComponent(options.account)}` : '';
      const zones = await all<{ id: string; name: string }>(`/zones${account}`, ZONES_PER_PAGE);
      return zones.map((zone) => ({ id: zone.id, name: zone.name }));
    },

    async getZone(id: string) {
      const envelope = await call('GET', `/zones/${encodeURIComponent(id)}`);
      const zone = envelope.result as { id: string; name: string };
      return { id: zone.id, name: zone.name };
    },

    async listRecords(zone) {
      const records = await all<CloudflareRecord>(zonePath(zone), RECORDS_PER_PAGE);
      return records.flatMap((raw) => fromCloudflare(zone.name, raw) ?? []);
    },

    async createRecord(zone, input) {
      return record(zone, await call('POST', zonePath(zone), toCloudflare(zone.name, input)));
    },

    async updateRecord(zone, id, input) {
      return record(
        zone,
        await call('PUT', `${zonePath(zone)}/${encodeURIComponent(id)}`, toCloudflare(zone.name, input)),
      );
    },

    async deleteRecord(zone, id) {
      await call('DELETE', `${zonePath(zone)}/${encodeURIComponent(id)}`);
    },
  };
}
