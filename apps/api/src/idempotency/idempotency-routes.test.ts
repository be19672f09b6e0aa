import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '@hostdeck/contracts/idempotency';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Idempotency-Key is the HTTP layer's, not a route's: every mutating route in the app's route
 * table reads it (a key that breaks the grammar answers 400 before anything else runs), and a
 * well-formed key changes nothing else (the call still meets its authentication: 401 or 419).
 */
describe('Idempotency-Key on every mutating route', () => {
  let test: TestApp;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!);
  });
  afterAll(async () => test.close());

  it('is read by every POST, PUT, PATCH and DELETE route', async () => {
    const routes = test.app.routeTable.filter((route) => MUTATING.has(route.method));
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
      const call = (key: string) =>
        test.app.inject({
          method: route.method as 'POST',
          url,
          headers: { origin: test.config.allowedOrigins[0]!, 'idempotency-key': key },
        });
      const bad = await call('k'.repeat(256));
      if (bad.statusCode !== 400 || bad.json().message !== IDEMPOTENCY_MESSAGES.grammar)
        problems.push(`${route.method} ${route.url}: a bad key answered ${bad.statusCode}`);
      if (route.public) continue;
      const good = await call('a key: 1');
      if (![401, 419].includes(good.statusCode))
        problems.push(`${route.method} ${route.url}: a good key answered ${good.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it('is a header parameter of every change in the OpenAPI document', () => {
    const document = test.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const missing: string[] = [];
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!MUTATING.has(method.toUpperCase())) continue;
        const header = operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key');
        if (!header) missing.push(`${method} ${url}`);
      }
    }
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
