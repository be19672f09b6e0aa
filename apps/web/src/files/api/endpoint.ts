import type { AgentEndpoints } from './types';

/** The header every file call carries the token in (spec/001 §7 `X-{product}`). */
export const FILE_TOKEN_HEADER = 'X-HostDeck';

export const isHttps = (url: string) => url.toLowerCase().startsWith('https://');

/**
 * spec/001 §7: the agent's public endpoint when it starts with https, otherwise the panel's
 * streaming file proxy (a plain-http agent cannot be called from an https page). Trailing slashes
 * are dropped so `${base}/files/list` is always well formed.
 */
export function chooseEndpoint(endpoints: AgentEndpoints): { base: string; isPublic: boolean } {
  const usePublic = isHttps(endpoints.public);
  const base = (usePublic ? endpoints.public : endpoints.private).replace(/\/+$/, '');
  return { base, isPublic: usePublic };
}

/** `https://host:port` → `wss://host:port` (and http → ws) for the progress websocket. */
export function websocketUrl(base: string, path: string, query: Record<string, string>): string {
  const url = new URL(`${base}${path}`, globalThis.location?.href ?? 'http://localhost/');
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** `?path=..&root=..` for the GET calls (view, download). */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}
