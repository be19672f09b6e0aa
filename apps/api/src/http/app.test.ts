import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appInfoSchema,
  CSRF_COOKIE,
  CSRF_HEADER,
  errorResponseSchema,
  healthSchema,
} from '@hostdeck/contracts';
import type { FastifyInstance } from 'fastify';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const databases = await availableTestDatabases();

/** Routes added only in this test, to exercise the cross-cutting plugins through real requests. */
function addProbeRoutes(app: FastifyInstance) {
  app.post(
    '/api/probe',
    {
      config: { public: true },
      schema: {
        body: z.object({ name: z.string().min(1).max(255), port: z.number().int(), ip: z.ipv4() }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get(
    '/api/probe/limited',
    { config: { public: true, rateLimit: { max: 2, timeWindow: 60_000 } } },
    async () => ({ ok: true }),
  );
}

async function csrfPair(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  const cookie = response.cookies.find((candidate) => candidate.name === CSRF_COOKIE);
  if (!cookie) throw new Error('no CSRF cookie');
  return { cookie: `${CSRF_COOKIE}=${cookie.value}`, token: cookie.value };
}

describe.each(databases)('panel HTTP on $name', (database) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(database, { extend: addProbeRoutes });
  });
  afterAll(async () => test.close());

  it('GET /api/info returns the app info of §3 with the user null when signed out', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/info' });
    expect(response.statusCode).toBe(200);
    const info = appInfoSchema.parse(response.json());
    expect(info.brand).toBe('HostDeck');
    expect(info.locales).toEqual(['en', 'vi']);
    expect(info.user).toBeNull();
    expect(info.agent_version).toBeGreaterThan(0);
    expect(info.ubuntu_versions).toEqual(['20.04', '22.04', '24.04']);
    expect(info.plans).toEqual([]);
    expect(info.event_ends_at).toBeNull();
  });

  it('GET /api/info follows Accept-Language', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/info',
      headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' },
    });
    expect(response.json().locale).toBe('vi');
  });

  it('GET /api/health reports the database', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthSchema.parse(response.json()).database).toBe(database.name);
  });

  it('sends security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers an unknown API route with the JSON 404', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorResponseSchema.parse(response.json()).id).toBe('not_found');
  });

  it('refuses a state change without the CSRF token (419), and with a forged one', async () => {
    const body = { name: 'a', port: 22, ip: '1.2.3.4' };
    const missing = await test.app.inject({ method: 'POST', url: '/api/probe', payload: body });
    expect(missing.statusCode).toBe(419);
    expect(missing.json().id).toBe('csrf_token_mismatch');

    const forged = 'nonce.c2lnbmF0dXJl';
    const forgedResponse = await test.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: body,
      headers: { cookie: `${CSRF_COOKIE}=${forged}`, [CSRF_HEADER]: forged },
    });
    expect(forgedResponse.statusCode).toBe(419);

    const { cookie, token } = await csrfPair(test.app);
    const headerOnly = await test.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: body,
      headers: { [CSRF_HEADER]: token },
    });
    expect(headerOnly.statusCode).toBe(419);
    const accepted = await test.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: body,
      headers: { cookie, [CSRF_HEADER]: token },
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('answers invalid input with 422, a message and field errors keyed by field', async () => {
    const { cookie, token } = await csrfPair(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { name: 'x'.repeat(256), port: 'ssh', ip: '300.1.1.1' },
      headers: { cookie, [CSRF_HEADER]: token },
    });
    expect(response.statusCode).toBe(422);
    const error = errorResponseSchema.parse(response.json());
    expect(error.errors).toEqual({
      name: ['Max 255 characters'],
      port: ['Must be a number'],
      ip: ['Invalid IP'],
    });
    expect(error.message).toBe('Max 255 characters (and 2 more errors)');
  });

  it('translates error messages into Vietnamese', async () => {
    const { cookie, token } = await csrfPair(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { port: 22, ip: '1.1.1.1' },
      headers: { cookie, [CSRF_HEADER]: token, 'accept-language': 'vi' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['Bắt buộc'] });
  });

  it('answers 413 for a body over the limit', async () => {
    const { cookie, token } = await csrfPair(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/probe',
      payload: { name: 'x'.repeat(2 * 1024 * 1024), port: 1, ip: '1.1.1.1' },
      headers: { cookie, [CSRF_HEADER]: token },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('413 Request Entity Too Large');
  });

  it('rate-limits with a 429 that carries the retry time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await test.app.inject({ method: 'GET', url: '/api/probe/limited' })).statusCode).toBe(200);
    }
    const limited = await test.app.inject({ method: 'GET', url: '/api/probe/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too Many Attempts.');
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('panel serving the SPA', () => {
  let test: TestApp;
  beforeAll(async () => {
    const distDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(distDir, 'assets/app-abc123.js'), 'console.log(1)');
    const [pglite] = databases;
    test = await createTestApp(pglite!, { env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => test.close());

  it('serves index.html at / and for client routes (history fallback), never cached', async () => {
    for (const url of ['/', '/servers/12', '/sites/3/ssl?tab=1']) {
      const response = await test.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and 404s missing files and API paths', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await test.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await test.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
