import { requestJson } from '../outbound/json-request.js';
import { DNS_PROVIDER_MESSAGES } from '@hostdeck/contracts/dns-providers';
import { DnsProviderError } from './dns-provider.js';

/**
 * One JSON call to a provider's API (Cloudflare, DigitalOcean): a bearer token in the header, a
 * time limit, and 429 handled the way the providers document it (Retry-After, in seconds). A short
 * wait is waited out and the call repeated; a longer one is the user's to wait, as a
 * `rate-limited` error carrying the seconds.
 */
export interface ProviderHttpOptions {
  /** The API's root, from configuration (tests point it at a local fake). */
  baseUrl: string;
  token: string;
  /** The longest Retry-After waited out before repeating the call (default 3 s). */
  maxRetryWaitSeconds?: number;
  timeoutMs?: number;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null (204, or not JSON). */
  body: unknown;
}

const RETRIES = 2;

/** Seconds from a Retry-After header (seconds or an HTTP date), or from RateLimit-Reset (epoch seconds). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim());
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = headers.get('ratelimit-reset');
  if (reset && /^\d+$/.test(reset.trim())) return Math.max(0, Number(reset.trim()) - Math.floor(now / 1000));
  return 60;
}

export function createProviderHttp(options: ProviderHttpOptions) {
  const root = options.baseUrl.replace(/\/+$/, '');
  const maxWait = options.maxRetryWaitSeconds ?? 3;
  const timeoutMs = options.timeoutMs ?? 20_000;

  return async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ProviderResponse> {
    for (let attempt = 0; ; attempt += 1) {
      // The socket's own words (ECONNREFUSED…), or none: the sentence around them is translated.
      const response = await requestJson(
        `${root}${path}`,
        { method, headers: { authorization: `Bearer ${options.token}` }, body, timeoutMs },
        (reason) => new DnsProviderError('unreachable', reason),
      );
      const parsed = response.parsed;
      if (response.status === 429) {
        const seconds = retryAfterSeconds(response.headers);
        if (attempt < RETRIES && seconds <= maxWait) {
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          continue;
        }
        throw DnsProviderError.ours('rate-limited', DNS_PROVIDER_MESSAGES.rateLimited, { seconds }, seconds);
      }
      return { status: response.status, headers: response.headers, body: parsed };
    }
  };
}
export type ProviderHttp = ReturnType<typeof createProviderHttp>;

/** Builds a record's full name from its zone-relative one, and back (`@` is the apex). */
export function absoluteName(name: string, zone: string): string {
  return name === '@' ? zone : `${name}.${zone}`;
}
export function relativeName(name: string, zone: string): string {
  const bare = name.replace(/\.$/, '').toLowerCase();
  if (bare === zone || bare === '@' || bare === '') return '@';
  return bare.endsWith(`.${zone}`) ? bare.slice(0, -(zone.length + 1)) : bare;
}

/** A TXT value as the user means it: the providers may answer it quoted, split into strings. */
export function unquoteTxt(value: string): string {
  const trimmed = value.trim();
  if (!/^".*"$/s.test(trimmed)) return value;
  const parts = [...trimmed.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) =>
    match[1]!.replace(/\\(.)/g, '$1'),
  );
  return parts.join('');
}
