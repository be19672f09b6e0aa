import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { OPENAPI_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from './openapi.js';

/**
 * The OpenAPI document (issue 23 point 5): generated from the registered routes, valid OpenAPI
 * 3.1, and covering every JSON route of the route table (a route added tomorrow is in it the day it
 * is registered, or this test names it).
 */
const [database] = await availableTestDatabases();

/**
 * Routes that are not JSON calls: the SPA's shell and files, the docs page's own files, and the
 * websockets (an upgrade, which OpenAPI does not describe).
 */
const WEBSOCKETS = new Set([
  '/api/realtime',
  '/api/terminal/ws',
  '/api/servers/:server/agent/files/remote-download/ws',
]);
const notApi = (url: string) =>
  !url.startsWith('/api/') ||
  url.startsWith(OPENAPI_DOCS_PATH) ||
  url === OPENAPI_DOCUMENT_PATH ||
  WEBSOCKETS.has(url);

describe('OpenAPI document', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(database!);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('is valid OpenAPI 3.1 and covers every API route of the route table', async () => {
    const { api } = await signIn(test);
    const response = await api.get(OPENAPI_DOCUMENT_PATH);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);

    const documented = new Set(
      Object.entries(document.paths).flatMap(([url, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
      ),
    );
    const expected = [
      ...new Set(
        test.app.routeTable
          .filter((route) => !notApi(route.url) && route.method !== 'HEAD')
          .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`),
      ),
    ];
    expect(expected.length).toBeGreaterThan(300);
    expect(expected.filter((key) => !documented.has(key))).toEqual([]);
    // A path parameter is described where the path names it.
    const site = document.paths['/api/sites/{site}']?.get;
    expect(site?.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'site' }));
  });

  it('needs a session, and the docs page is served from the panel itself', async () => {
    expect((await test.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH })).statusCode).toBe(401);
    const { api } = await signIn(test);
    const page = await api.get(`${OPENAPI_DOCS_PATH}/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/);
  });
});
