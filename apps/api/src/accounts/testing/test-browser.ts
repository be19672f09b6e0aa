import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface StoredCookie {
  value: string;
  path: string;
}

/**
 * A browser for API tests: keeps the cookies the panel sets (honouring their Path, dropping
 * cleared ones) and, like the SPA, gets the XSRF-TOKEN cookie with a first GET and echoes it in
 * the CSRF header on state-changing calls. Each browser has an address of its own (per-address
 * rate limits then apply per browser, as they would between people).
 */
export class TestBrowser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {
    this.remoteAddress =
      defaults.remoteAddress ?? `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  }

  readonly remoteAddress: string;

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  setCookie(name: string, value: string, path = '/') {
    this.cookies.set(name, { value, path });
  }

  forgetCookie(name: string) {
    this.cookies.delete(name);
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request('GET', url, { headers });
  }

  post(url: string, payload?: object, headers: Record<string, string> = {}) {
    return this.request('POST', url, { payload, headers });
  }

  put(url: string, payload?: object, headers: Record<string, string> = {}) {
    return this.request('PUT', url, { payload, headers });
  }

  delete(url: string, payload?: object, headers: Record<string, string> = {}) {
    return this.request('DELETE', url, { payload, headers });
  }

  async request(
    method: Method,
    url: string,
    options: { payload?: object | Buffer | string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE)) await this.get('/api/health');
    const csrf = this.cookies.get(CSRF_COOKIE)?.value;
    const headers: Record<string, string> = {
      ...this.defaults.headers,
      ...(method !== 'GET' && csrf ? { [CSRF_HEADER]: csrf } : {}),
      ...options.headers,
    };
    const cookieHeader = this.cookieHeader(url);
    if (cookieHeader) headers.cookie = cookieHeader;
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
    for (const cookie of response.cookies) {
      const cleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else
        this.cookies.set(cookie.name, {
          value: cookie.value,
          path: typeof cookie.path === 'string' ? cookie.path : '/',
        });
    }
    return response;
  }

  private cookieHeader(url: string): string {
    const pathname = url.split('?')[0] ?? '/';
    return [...this.cookies]
      .filter(
        ([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }
}
