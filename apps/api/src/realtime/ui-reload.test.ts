import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_BUILD_PARAM, REALTIME_PATH, realtimeMessageSchema } from '@hostdeck/contracts';
import { createSignedInUser } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { readWebBuildId, runsAnotherBuild } from './web-build.js';

const CURRENT_BUILD = 'assets/index-NEW123.js';

/** A web build as Vite leaves it: only the manifest matters here. */
function writeWebBuild(): string {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-web-build-'));
  mkdirSync(path.join(distDir, '.vite'));
  writeFileSync(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: CURRENT_BUILD, src: 'index.html', isEntry: true },
      'src/pages/Lazy.tsx': { file: 'assets/Lazy-abc.js', isDynamicEntry: true },
    }),
  );
  return distDir;
}

/** Opens the realtime socket and answers the messages of its first half second. */
async function firstMessages(url: string, headers: Record<string, string>): Promise<unknown[]> {
  const socket = new WebSocket(url, { headers });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.close();
  return messages.filter((message) => realtimeMessageSchema.safeParse(message).success);
}

describe('the UI-reload prompt after an upgrade (spec/000 §2, §4 uireload)', () => {
  const distDir = writeWebBuild();
  let test: TestApp;
  let url: string;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, { env: { WEB_DIST_DIR: distDir } });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(test.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  });
  afterAll(async () => {
    await test.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('reads the build id from the manifest; none without a build', () => {
    expect(readWebBuildId(distDir)).toBe(CURRENT_BUILD);
    expect(readWebBuildId(path.join(distDir, 'missing'))).toBeNull();
    expect(runsAnotherBuild(undefined, CURRENT_BUILD)).toBe(false);
    expect(runsAnotherBuild('assets/index-OLD.js', null)).toBe(false);
  });

  it('sends uireload to a browser that runs an older build, and only to it', async () => {
    const { cookie } = await createSignedInUser(test.database.db, 'Reloading Rita');
    const headers = { cookie, origin: test.config.allowedOrigins[0]! };
    const withBuild = (build: string) => `${url}?${REALTIME_BUILD_PARAM}=${encodeURIComponent(build)}`;

    expect(await firstMessages(withBuild('assets/index-OLD999.js'), headers)).toEqual([
      { type: 'Update-data', keys: ['uireload'] },
    ]);
    expect(await firstMessages(withBuild(CURRENT_BUILD), headers)).toEqual([]);
    // A development server's page names no build: never asked.
    expect(await firstMessages(url, headers)).toEqual([]);
  });
});
