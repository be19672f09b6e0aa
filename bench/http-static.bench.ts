/**
 * The panel's HTTP overhead: requests per second for GET /api/health and for the SPA's index.html,
 * against a bare node:http server sending the same bytes, measured in the same run on loopback.
 * Bounded: a fixed number of requests per measurement.
 */
import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/api/src/config/config.js';
import { openDatabase } from '../apps/api/src/database/database.js';
import { createPanel } from '../apps/api/src/panel.js';

const REQUESTS = 4000;
const CONCURRENCY = 16;

async function measure(url: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let remaining = REQUESTS;
  const worker = async () => {
    while (remaining > 0) {
      remaining -= 1;
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve());
          })
          .on('error', reject);
      });
    }
  };
  const startedAt = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  agent.destroy();
  return REQUESTS / seconds;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-bench-'));
const distDir = path.join(dataDir, 'dist');
mkdirSync(distDir);
const indexHtml = `<!doctype html><html><head><title>HostDeck</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
writeFileSync(path.join(distDir, 'index.html'), indexHtml);

const config = loadConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: distDir, NODE_ENV: 'production' },
  { repositoryRoot: process.cwd() },
);
const database = await openDatabase({ kind: 'pglite', dataDir: null });
const panel = await createPanel({ config, database, logger: false });
const app = panel.app;
await app.listen({ host: '127.0.0.1', port: 0 });
const panelPort = (app.server.address() as AddressInfo).port;

const healthBody = JSON.stringify({ status: 'ok', database: 'pglite', uptime_seconds: 1 });
const bare = http.createServer((request, response) => {
  if (request.url === '/api/health') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(healthBody);
  } else {
    response.writeHead(200, { 'content-type': 'text/html' }).end(indexHtml);
  }
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const barePort = (bare.address() as AddressInfo).port;

// Warm both up before measuring.
await measure(`http://127.0.0.1:${panelPort}/`);
await measure(`http://127.0.0.1:${barePort}/`);

for (const [label, pathname] of [
  ['GET /api/health (database round trip)', '/api/health'],
  ['GET / (index.html)', '/'],
] as const) {
  const baseline = await measure(`http://127.0.0.1:${barePort}${pathname}`);
  const panel = await measure(`http://127.0.0.1:${panelPort}${pathname}`);
  console.log(
    `${label}: panel ${panel.toFixed(0)} req/s, bare node:http ${baseline.toFixed(0)} req/s, ` +
      `ratio ${(baseline / panel).toFixed(2)}x`,
  );
}

await panel.close();
await database.close();
bare.close();
