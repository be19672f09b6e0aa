import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../database/database.js';
import { createPanel } from '../panel.js';
import { TEST_APP_KEY } from '../testing/test-app.js';

/** What the panel's own logger writes while three requests are served, at a log level. */
async function logOfThreeRequests(level: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-request-log-'));
  const lines: { level: number; msg: string; req?: { url?: string } }[] = [];
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, APP_KEY: TEST_APP_KEY, LOG_LEVEL: level, WEB_DIST_DIR: dataDir },
    { repositoryRoot: process.cwd(), primaryAddress: () => null },
  );
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const panel = await createPanel({
    config,
    database,
    workers: false,
    logDestination: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  cleanups.push(async () => {
    await panel.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  for (const url of ['/api/health', '/api/info', '/api/no-such-route']) await panel.app.inject({ url });
  return lines;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Issue 26: the request log flooded the console (14,600 lines in two hours) at the default level. */
describe('request logs', () => {
  it('stay out of the default log level', async () => {
    const lines = await logOfThreeRequests('info');
    expect(lines.filter((line) => line.req || /request/.test(line.msg))).toEqual([]);
  });

  it('are one line per request at debug level', async () => {
    const lines = await logOfThreeRequests('debug');
    const requests = lines.filter((line) => line.msg === 'request completed');
    expect(requests.map((line) => line.req?.url)).toEqual(['/api/health', '/api/info', '/api/no-such-route']);
    expect(requests.every((line) => line.level === 20)).toBe(true);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});
