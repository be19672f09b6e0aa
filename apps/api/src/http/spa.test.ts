import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPrecompressionProblems,
  listBuiltFiles,
  precompressDirectory,
} from '../../../../scripts/lib/precompress.mjs';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const [pglite] = await availableTestDatabases();

/** A built SPA as the web build leaves it: hashed chunks in assets/, public files beside index.html. */
function writeDist() {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  mkdirSync(path.join(distDir, '.vite'));
  const chunk = Array.from({ length: 800 }, (_, index) => `export const value${index} = "v${index}";`);
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>HostDeck</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`,
    'assets/app-abc123.js': chunk.join('\n'),
    'assets/app-abc123.css': '.a{color:red}\n'.repeat(200),
    // Smaller than any compressed copy of it: none is written, the file itself is sent.
    'assets/tiny-abc123.js': 'export const a=1;',
    'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(30)}</svg>`,
    '.vite/manifest.json': '{}',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(distDir, name), text);
  return distDir;
}

const original = (distDir: string, file: string) => readFileSync(path.join(distDir, file));

describe('the web build', () => {
  it('writes a brotli and a gzip copy beside every compressible file, unless it would not be smaller', async () => {
    const distDir = writeDist();
    try {
      expect(await findPrecompressionProblems(distDir)).toEqual([
        expect.stringMatching(/^assets\/app-abc123\.css: no \.br \(\d+ < 2800 bytes\)$/),
        expect.stringMatching(/^assets\/app-abc123\.css: no \.gz \(\d+ < 2800 bytes\)$/),
        expect.stringMatching(/^assets\/app-abc123\.js: no \.br/),
        expect.stringMatching(/^assets\/app-abc123\.js: no \.gz/),
        expect.stringMatching(/^favicon\.svg: no \.br/),
        expect.stringMatching(/^favicon\.svg: no \.gz/),
        expect.stringMatching(/^index\.html: no \.br/),
        expect.stringMatching(/^index\.html: no \.gz/),
      ]);
      await precompressDirectory(distDir);
      expect(await findPrecompressionProblems(distDir)).toEqual([]);
      for (const file of ['index.html', 'favicon.svg', 'assets/app-abc123.js', 'assets/app-abc123.css']) {
        const bytes = original(distDir, file);
        expect(brotliDecompressSync(original(distDir, `${file}.br`)).equals(bytes), file).toBe(true);
        expect(gunzipSync(original(distDir, `${file}.gz`)).equals(bytes), file).toBe(true);
      }
      expect(existsSync(path.join(distDir, 'assets/tiny-abc123.js.br'))).toBe(false);
      expect(existsSync(path.join(distDir, '.vite/manifest.json.br'))).toBe(false);
      expect(listBuiltFiles(distDir)).not.toContain('index.html.br');

      // A copy left from another build is caught: the server would send it instead of the file.
      writeFileSync(path.join(distDir, 'assets/app-abc123.js'), 'export const changed = true;'.repeat(100));
      expect(await findPrecompressionProblems(distDir)).toEqual([
        'assets/app-abc123.js.br does not decode to assets/app-abc123.js',
        'assets/app-abc123.js.gz does not decode to assets/app-abc123.js',
      ]);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('panel serving the built SPA', () => {
  let test: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = writeDist();
    await precompressDirectory(distDir);
    test = await createTestApp(pglite!, { env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await test.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers });

  it('sends the brotli copy, else the gzip one, else the file, as Accept-Encoding asks', async () => {
    const file = 'assets/app-abc123.js';
    const cases: [acceptEncoding: string | undefined, encoding: string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'], // Chromium on https or localhost
      ['gzip, deflate', 'gzip'], // Chromium on plain http to an address
      ['br;q=0, gzip', 'gzip'],
      ['*', 'gzip'], // no preference: @fastify/static reads it as gzip, which every client decodes
      ['identity', undefined],
      ['deflate', undefined],
      [undefined, undefined],
    ];
    for (const [acceptEncoding, encoding] of cases) {
      const response = await get(`/${file}`, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      const label = `Accept-Encoding: ${acceptEncoding}`;
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['content-encoding'], label).toBe(encoding);
      expect(response.headers['content-type'], label).toMatch(/^(?:text|application)\/javascript/);
      expect(response.headers.vary, label).toBe('accept-encoding');
      expect(response.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      const sent = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
      expect(response.rawPayload.equals(original(distDir, sent)), label).toBe(true);
      expect(Number(response.headers['content-length']), label).toBe(original(distDir, sent).length);
      // Helmet's headers stay on every file.
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
    }
    const css = await get('/assets/app-abc123.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toContain('text/css');
    expect(brotliDecompressSync(css.rawPayload).equals(original(distDir, 'assets/app-abc123.css'))).toBe(
      true,
    );
  });

  it('serves its files without looking the session up (no database query per asset)', async () => {
    const pglite = test.database.pglite!;
    let queries = 0;
    const original = { query: pglite.query.bind(pglite), exec: pglite.exec.bind(pglite) };
    pglite.query = ((...args: Parameters<typeof pglite.query>) => {
      queries += 1;
      return original.query(...args);
    }) as typeof pglite.query;
    pglite.exec = ((...args: Parameters<typeof pglite.exec>) => {
      queries += 1;
      return original.exec(...args);
    }) as typeof pglite.exec;
    try {
      const cookie = `${SESSION_COOKIE}=${'a'.repeat(43)}`; // well formed, so it would be looked up
      for (const url of ['/assets/app-abc123.js', '/favicon.svg']) {
        expect((await get(url, { cookie })).statusCode, url).toBe(200);
      }
      expect(queries).toBe(0);
      // The same cookie on an API route is looked up: the count above can see queries.
      await get('/api/user', { cookie });
      expect(queries).toBeGreaterThan(0);
    } finally {
      Object.assign(pglite, original);
    }
  });

  it('serves index.html compressed and never cached, at / and for client routes', async () => {
    for (const url of ['/', '/servers/12', '/sites/3/ssl?tab=1', '/servers/12/php8.3']) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toBe('accept-encoding');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
    }
    const plain = await get('/servers', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
    // Unhashed public files are revalidated too.
    const icon = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(icon.headers['content-encoding']).toBe('gzip');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to a revalidation with the ETag of the copy it sent, per encoding', async () => {
    const brotli = await get('/', { 'accept-encoding': 'br' });
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    const identity = await get('/');
    const tags = [brotli, gzip, identity].map((response) => response.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The brotli copy's tag does not validate the gzip copy.
    const other = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': String(brotli.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    const asset = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const cached = await get('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(asset.headers.etag),
    });
    expect(cached.statusCode).toBe(304);
  });

  it('counts a Range in the bytes of the copy it sends', async () => {
    const file = 'assets/app-abc123.js';
    const brotli = original(distDir, `${file}.br`);
    const part = await get(`/${file}`, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-99/${brotli.length}`);
    expect(part.rawPayload.equals(brotli.subarray(0, 100))).toBe(true);
    const plain = await get(`/${file}`, { range: 'bytes=10-19' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original(distDir, file).subarray(10, 20))).toBe(true);
  });

  it('sends a file with no smaller copy as it is, and never a copy by its own name', async () => {
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const a=1;');
    expect(tiny.headers['content-length']).toBe(String(tiny.rawPayload.length));
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/index.html.br']) {
      expect((await get(url, { 'accept-encoding': 'br' })).statusCode, url).toBe(404);
    }
    expect((await get('/assets/missing.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
  });
});
