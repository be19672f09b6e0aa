import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDetailResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { phpIniResponseSchema, phpListSchema } from '@hostdeck/contracts/php';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events, servers, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * The PHP section through the API and the queue on a booted Debian 12 `web` server (nginx, PHP 8.2
 * FPM): the list read from the server, a limit change and a broken php.ini as events, each checked
 * on the server and in the panel's data afterwards. The recipes' own server test
 * (packages/recipes/src/php/php.server.test.ts) covers the 150 MB upload, rollbacks and ionCube.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'php2';

describe('php on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let base: string;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, api, serverId } = connected);
    base = `/api/servers/${serverId}/php`;
    await test.database.db.update(servers).set({ defaultPhp: '8.2' }).where(eq(servers.id, serverId));
  }, 600_000);
  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();
  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };
  const list = async () => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return phpListSchema.parse(response.json()).data;
  };

  it('lists PHP 8.2 as the server runs it', async () => {
    const php82 = (await list()).find((item) => item.version === '8.2');
    expect(php82).toMatchObject({
      installed: true,
      fpm: 'active',
      is_default: true,
      is_cli: true,
      sites: [],
    });
    expect((await list()).find((item) => item.version === '8.3')).toMatchObject({ installed: false });
  });

  it('raises the upload size and execution time on the server and in the panel', async () => {
    const upload = await runEvent(api.put(`${base}/8.2/max-upload-size`, { size_mb: 256 }));
    expect(upload.status, upload.output).toBe('FINISHED');
    const time = await runEvent(api.put(`${base}/8.2/max-execution-time`, { seconds: 300 }));
    expect(time.status, time.output).toBe('FINISHED');
    const ini = await onServer('cat /etc/php/8.2/fpm/conf.d/99-hostdeck.ini');
    expect(ini).toContain('upload_max_filesize = 256M');
    expect(ini).toContain('max_execution_time = 300');
    expect(await onServer(`php-fpm8.2 -i 2>/dev/null | grep -c '^upload_max_filesize => 256M' || true`)).toBe(
      '1',
    );
    expect((await list()).find((item) => item.version === '8.2')).toMatchObject({
      upload_size_mb: 256,
      execution_time: 300,
    });
    const detail = serverDetailResponseSchema.parse((await api.get(`/api/servers/${serverId}`)).json()).data;
    expect(detail).toMatchObject({ php_upload_size: 256, php_execution_time: 300, opcache: true });
  });

  it('refuses a broken php.ini with php-fpm’s message and keeps the old one', async () => {
    const read = await api.get(`${base}/8.2/ini?sapi=fpm`);
    expect(read.statusCode, read.body).toBe(200);
    const original = phpIniResponseSchema.parse(read.json()).data.content;
    const before = await onServer('sha256sum /etc/php/8.2/fpm/php.ini');
    const event = await runEvent(
      api.post(`${base}/8.2/ini`, { sapi: 'fpm', content: `${original}\nmemory_limit = "1G\n[oops\n` }),
    );
    expect(event.status).toBe('ERROR');
    expect(`${event.errorReason ?? ''}\n${event.output}`).toMatch(/syntax error/i);
    expect(await onServer('sha256sum /etc/php/8.2/fpm/php.ini')).toBe(before);
    expect(await onServer('systemctl is-active php8.2-fpm')).toBe('active');
  });

  it('refuses to remove a version a site uses, naming it', async () => {
    await test.database.db
      .insert(sites)
      .values({ serverId, name: 'shop.test', linuxUser: 'hostdeck', phpVersion: '8.1' });
    const response = await api.delete(`${base}/8.1`);
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('shop.test');
  });
});
