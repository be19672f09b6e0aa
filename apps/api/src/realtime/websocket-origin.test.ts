import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH, TERMINAL_GATEWAY_PATH } from '@hostdeck/contracts';
import { loadConfig } from '../config/config.js';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { createPanel, type Panel } from '../panel.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { freePort } from '../testing/panel-process.js';
import { TEST_APP_KEY } from '../testing/test-app.js';

const ADDRESS = '203.0.113.7';

/** Opens a websocket; resolves with the HTTP status when the upgrade is refused. */
function upgrade(url: string, headers: Record<string, string>) {
  return new Promise<'open' | number>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (request, response) => {
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}

/**
 * Issue 26: a panel started without APP_URL and opened by its IP refused every websocket (403 on
 * the Origin) and said nothing. Its default allow-list now holds the machine's address and its
 * local names, and an origin it refuses is reported once with the setting that fixes it. The
 * sockets are opened on 127.0.0.1: only the Origin header names the machine's address.
 */
describe('websocket origins of a panel started without APP_URL', () => {
  const lines: string[] = [];
  let panel: Panel;
  let database: DatabaseConnection;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-origins-'));
    port = await freePort();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        APP_KEY: TEST_APP_KEY,
        PORT: String(port),
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      },
      { repositoryRoot: process.cwd(), primaryAddress: () => ADDRESS },
    );
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    panel = await createPanel({
      config,
      database,
      workers: false,
      logDestination: { write: (line) => void lines.push(line) },
    });
    await panel.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await panel?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the live views through when the panel is opened by its address or on the machine itself', async () => {
    const { cookie } = await createSignedInUser(database.db);
    for (const origin of [
      `http://${ADDRESS}:${port}`,
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
    ]) {
      expect(await upgrade(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { cookie, origin })).toBe('open');
      // The terminal gateway makes the same check before it waits for its token.
      expect(await upgrade(`ws://127.0.0.1:${port}${TERMINAL_GATEWAY_PATH}`, { cookie, origin })).toBe(
        'open',
      );
    }
  });

  it('refuses any other origin, and says once how to allow it', async () => {
    const { cookie } = await createSignedInUser(database.db);
    const origin = `http://198.51.100.20:${port}`;
    for (const socketPath of [REALTIME_PATH, TERMINAL_GATEWAY_PATH, REALTIME_PATH]) {
      expect(await upgrade(`ws://127.0.0.1:${port}${socketPath}`, { cookie, origin })).toBe(403);
    }
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string })
      .filter((entry) => entry.origin === origin);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(warnings[0]!.msg).toContain(`set APP_URL=${origin}`);
    // A value no browser sends is refused without a report.
    expect(await upgrade(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { cookie, origin: 'null' })).toBe(403);
    expect(lines.some((line) => line.includes('"origin":"null"'))).toBe(false);
  });
});
