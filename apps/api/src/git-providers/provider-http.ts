import { requestJson } from '../outbound/json-request.js';
import { GitProviderError } from './git-provider.js';

/**
 * One JSON call to a git provider's API: the token in the Authorization header only, a time
 * limit, no redirects followed, and the providers' failures as `GitProviderError`s: 401 is a token
 * the provider no longer takes, 403 with an exhausted rate limit and 429 carry the seconds to wait
 * (Retry-After, or the reset time GitHub and GitLab send), 404 is not found.
 */
export interface GitHttpOptions {
  /** The API's root, from configuration (tests point it at a local fake). */
  baseUrl: string;
  /** The Authorization header's value (`Bearer …`). */
  authorization: string;
  timeoutMs?: number;
}

export interface GitResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Pages read at most for one list: a bound on what an account with thousands of repositories costs. */
export const MAX_PAGES = 50;

export function retryAfterSeconds(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter && /^\d+$/.test(retryAfter)) return Number(retryAfter);
  // GitHub's X-RateLimit-Reset and GitLab's RateLimit-Reset are epoch seconds.
  const reset = (headers.get('x-ratelimit-reset') ?? headers.get('ratelimit-reset'))?.trim();
  if (reset && /^\d+$/.test(reset)) return Math.max(1, Number(reset) - Math.floor(now / 1000));
  return 60;
}

/** The provider's own words from an error body (GitHub, GitLab and Bitbucket shapes). */
export function providerMessage(body: unknown, status: number): string {
  const value = body as {
    message?: unknown;
    error?: unknown;
    error_description?: unknown;
    errors?: { message?: unknown; field?: unknown; code?: unknown }[];
  } | null;
  const parts: string[] = [];
  if (typeof value?.message === 'string') parts.push(value.message);
  else if (value?.message && typeof value.message === 'object') {
    // GitLab's validation errors: {"message": {"key": ["has already been taken"]}}.
    for (const [field, messages] of Object.entries(value.message as Record<string, unknown>)) {
      parts.push(`${field} ${Array.isArray(messages) ? messages.join(', ') : String(messages)}`);
    }
  }
  if (value?.error && typeof value.error === 'object') {
    const message = (value.error as { message?: unknown }).message;
    if (typeof message === 'string') parts.push(message);
  } else if (typeof value?.error === 'string' && !parts.length) parts.push(value.error);
  if (typeof value?.error_description === 'string') parts.push(value.error_description);
  for (const error of Array.isArray(value?.errors) ? value.errors : []) {
    if (typeof error?.message === 'string') parts.push(error.message);
  }
  return (parts.join(': ') || `HTTP ${status}`).slice(0, 500);
}

export function createGitHttp(options: GitHttpOptions) {
  const root = options.baseUrl.replace(/\/+$/, '');
  const base = new URL(root);
  const timeoutMs = options.timeoutMs ?? 20_000;

  /**
   * A URL the provider gave for the next page, kept only when it is on the API's own origin and
   * under its root: a page link never sends the token anywhere else.
   */
  function sameApi(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url, `${root}/`);
    } catch {
      return null;
    }
    if (parsed.origin !== base.origin) return null;
    if (!parsed.pathname.startsWith(base.pathname.replace(/\/+$/, '') + '/')) return null;
    return parsed.toString();
  }

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    pathOrUrl: string,
    body?: unknown,
  ): Promise<GitResponse> {
    const url = pathOrUrl.startsWith('/') ? `${root}${pathOrUrl}` : sameApi(pathOrUrl);
    if (!url) throw new GitProviderError('refused', 'a page link outside the API');
    const response = await requestJson(
      url,
      {
        method,
        headers: { authorization: options.authorization, 'user-agent': 'HostDeck' },
        body,
        timeoutMs,
      },
      (reason) => new GitProviderError('unreachable', reason),
    );
    const parsed = response.parsed;
    const status = response.status;
    if (status < 400) return { status, headers: response.headers, body: parsed };
    const message = providerMessage(parsed, status);
    if (status === 401) throw new GitProviderError('expired', message);
    if (
      status === 429 ||
      (status === 403 &&
        (response.headers.get('x-ratelimit-remaining') === '0' || response.headers.has('retry-after')))
    ) {
      throw new GitProviderError('rate-limited', message, retryAfterSeconds(response.headers));
    }
    if (status === 404) throw new GitProviderError('not-found', message);
    if (status >= 500) throw new GitProviderError('unreachable', message);
    throw new GitProviderError('refused', message);
  }

  return { call, sameApi };
}
export type GitHttp = ReturnType<typeof createGitHttp>;

/** The `rel="next"` address of an RFC 8288 Link header (GitHub's pagination). */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel="?([^";]*\s)?next(\s[^";]*)?"?/.test(match[2]!)) return match[1]!;
  }
  return null;
}

/** The path of a repository or organization for a URL: each segment escaped, `/` kept. */
export function pathOf(value: string): string {
  return value
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}
