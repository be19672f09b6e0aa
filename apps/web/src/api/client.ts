import {
  CSRF_COOKIE,
  CSRF_HEADER,
  apiRoutes,
  type ApiResponse,
  type ApiRouteName,
} from '@hostdeck/contracts';
import { requestLanguage } from '../i18n/i18n';
import { ApiError } from './api-error';

export { apiPath, type PathParams, type QueryParams } from './api-path';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls a route of contracts `apiRoutes` and validates the answer with that route's schema, so the
 * type the caller gets is the one the panel promised (CONVENTIONS.md: types come from contracts).
 */
export async function apiGet<N extends ApiRouteName>(name: N): Promise<ApiResponse<N>> {
  const route = apiRoutes[name];
  const body = await apiRequest(route.method, route.path);
  // TypeScript cannot narrow `apiRoutes[N]['response']` for a generic N; the schema is the route's own.
  return route.response.parse(body) as ApiResponse<N>;
}

/**
 * A GET whose path has parameters or a query (`/api/servers/:server`, `?page=2`), validated with
 * the schema of its contracts route, like apiGet.
 */
export async function apiGetParsed<T>(path: string, schema: { parse(input: unknown): T }): Promise<T> {
  return schema.parse(await apiRequest('GET', path));
}

/**
 * A call that changes something (POST, PUT, PATCH, DELETE), with its body when it has one, the
 * answer validated with the response schema of its contracts route. Every api module sends
 * through this one helper.
 */
export async function apiSend<T>(
  method: Exclude<HttpMethod, 'GET'>,
  path: string,
  body: unknown,
  response: { parse(input: unknown): T },
): Promise<T> {
  return response.parse(await apiRequest(method, path, body));
}

/**
 * One request to the panel: same-origin cookies, JSON in and out, the locale as Accept-Language,
 * and the CSRF token echoed on state-changing methods. A non-2xx answer throws an ApiError.
 * FormData bodies (uploads) are sent as they are.
 */
export async function apiRequest(method: HttpMethod, path: string, body?: unknown): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json' });
  const language = requestLanguage();
  if (language) headers.set('Accept-Language', language);
  if (method !== 'GET') {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers.set(CSRF_HEADER, token);
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  const responseBody = await readBody(response);
  if (!response.ok) throw ApiError.fromResponse(response, responseBody);
  return responseBody;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return null;
}

export { ApiError, isApiError } from './api-error';
