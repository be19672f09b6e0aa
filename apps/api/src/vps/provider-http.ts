import { requestJson } from '../outbound/json-request.js';
import { VpsProviderError } from './vps-provider.js';

/**
 * One JSON call to a VPS provider's API: a bearer token, a time limit, no redirects. The adapter
 * reads the status and body and says what they mean (each provider words its errors its own way).
 */
export interface VpsHttpOptions {
  /** The API's root, from configuration (tests point it at a local fake). */
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}

export interface VpsResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export function createVpsHttp(options: VpsHttpOptions) {
  const root = options.baseUrl.replace(/\/+$/, '');
  return async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<VpsResponse> {
    const answer = await requestJson(
      `${root}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${options.token}` },
        body,
        timeoutMs: options.timeoutMs ?? 30_000,
      },
      (reason) => new VpsProviderError('unreachable', reason),
    );
    return { status: answer.status, headers: answer.headers, body: answer.parsed };
  };
}
export type VpsHttp = ReturnType<typeof createVpsHttp>;

/** Seconds from Retry-After or RateLimit-Reset (epoch seconds), 60 without either. */
export function retryAfterOf(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter && /^\d+$/.test(retryAfter)) return Number(retryAfter);
  const reset = headers.get('ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Math.max(1, Number(reset) - Math.floor(now / 1000));
  return 60;
}

export type Json = Record<string, unknown>;
export const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const asString = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
export const asNumber = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;

/** An answer the adapter cannot read: said so, with what it was. */
export function unexpected(what: string): VpsProviderError {
  return new VpsProviderError('unexpected', what);
}
