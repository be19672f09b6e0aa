import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { firewall8gRoutes } from '@hostdeck/contracts/firewall-8g';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * The 8G firewall through the API and the queue on a booted Debian 12 test server: two sites
 * created by POST api/sites, the firewall turned on for one (what nginx answers, checked on the
 * server), off again, and a change nginx refuses: the event fails with nginx's words, the site's
 * state stays off and nginx keeps serving.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'f8g2';
const ONE = 'one.f8g.test';
const TWO = 'two.f8g.test';
const ATTACK = '/?q=<script>alert(1)</script>';

describe('the 8G firewall on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
    await markProvisioned(test, testServer, serverId);
  });

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) => {
    const result = await runOnTestServer(testServer, ['bash', '-c', script]);
    expect(result.code, `${script}\n${result.stderr}`).toBe(0);
    return result.stdout.trim();
  };
  const status = (host: string, path = '/') =>
    onServer(`curl -g -s -o /dev/null -w '%{http_code}' -H 'Host: ${host}' 'http://127.0.0.1${path}'`);

  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const event = await waitForEvent(startedEventResponseSchema.parse(response.json()).data.id);
    // The finished handlers run right after the row is finished.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return event;
  };
  const enabled = async (site: string) =>
    firewall8gRoutes.show.response.parse((await api.get(`/api/sites/${ids[site]}/8gfirewall`)).json()).data
      .enabled;

  it('creates two sites', async () => {
    for (const name of [ONE, TWO]) {
      const response = await api.post('/api/sites', { name, server_id: serverId });
      expect(response.statusCode, response.body).toBe(201);
      const created = createSiteResponseSchema.parse(response.json());
      ids[name] = created.id;
      const event = await waitForEvent(created.event_id);
      expect(event.status, event.output ?? '').toBe('FINISHED');
      await onServer(`printf 'hello\\n' > /home/hostdeck/${name}/index.html`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const name of [ONE, TWO]) {
      expect(await status(name)).toBe('200');
      expect(await status(name, ATTACK)).toBe('200');
      expect(await enabled(name)).toBe(false);
    }
  });

  it('turns it on for one site only (POST), and off again (DELETE)', async () => {
    const on = await runEvent(api.post(`/api/sites/${ids[ONE]}/8gfirewall`));
    expect(on.status, on.output ?? '').toBe('FINISHED');
    expect(await enabled(ONE)).toBe(true);
    expect(await status(ONE)).toBe('200');
    expect(await status(ONE, ATTACK)).toBe('403');
    expect(await status(TWO, ATTACK)).toBe('200');
    expect(await enabled(TWO)).toBe(false);
    expect(await onServer('nginx -t 2>&1')).toMatch(/test is successful/);

    const off = await runEvent(api.delete(`/api/sites/${ids[ONE]}/8gfirewall`));
    expect(off.status, off.output ?? '').toBe('FINISHED');
    expect(await enabled(ONE)).toBe(false);
    expect(await status(ONE, ATTACK)).toBe('200');
  });

  it('fails with nginx’s words when nginx refuses, keeps the state off, and nginx keeps serving', async () => {
    await onServer(
      `printf 'include /etc/nginx/hostdeck/${ONE}/*.conf;\\n' > /etc/nginx/conf.d/zz-f8g-test.conf && nginx -t -q`,
    );
    const refused = await runEvent(api.post(`/api/sites/${ids[ONE]}/8gfirewall`));
    expect(refused.status).toBe('ERROR');
    expect(refused.output).toMatch(/"if" directive is not allowed here/);
    expect(await enabled(ONE)).toBe(false);
    expect(await onServer('nginx -t 2>&1')).toMatch(/test is successful/);
    expect(await status(ONE)).toBe('200');
    expect(await status(TWO)).toBe('200');
    await onServer('rm -f /etc/nginx/conf.d/zz-f8g-test.conf');
  });
});
