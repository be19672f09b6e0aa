import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { dnsCredentials, events, freeDomains, servers } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createSshExecutor } from '../remote/remote-executor.js';
import { createServerConnections } from '../servers/server-connection.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { createFreeDomains } from './free-domains.wiring.js';

/**
 * Free subdomains end to end on a booted Debian 12 test server (issue 19, "How it will be
 * checked"): bind9 on the server holds a panel zone, a `bind9` DNS credential for that server is
 * the operator's free-domain provider; a site created with the toggle answers under its
 * generated name (dig @server, curl --resolve), and the cleanup, run with a clock 14 days on,
 * removes the record from the zone.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'fda1';
const ZONE = 'free.fda.test';
const DAY = 24 * 60 * 60 * 1000;
const run = promisify(execFile);

describe('free subdomains at our bind9 on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER, ['bind9']);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: { FREE_DOMAIN_ZONE: ZONE, FREE_DOMAIN_CREDENTIAL: '1' },
    }));
    await markProvisioned(test, testServer, serverId);
    const db = test.database.db;
    const [owner] = await db.select({ userId: servers.userId }).from(servers).where(eq(servers.id, serverId));
    const [credential] = await db
      .insert(dnsCredentials)
      .values({ userId: owner!.userId, provider: 'bind9', name: 'free zone', serverId })
      .returning();
    expect(credential!.id).toBe(1);
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    // HOSTDECK_KEEP_TEST_SERVER=1 leaves it up to look at a failure (stop it by hand afterwards).
    if (process.env.HOSTDECK_KEEP_TEST_SERVER !== '1') await stopTestServer(SERVER);
  });

  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  const dig = async (name: string) =>
    (await run('dig', ['+short', '+time=3', '+tries=2', `@${testServer.address}`, name, 'A'])).stdout.trim();

  let hostname: string;

  it('makes the zone on bind9 (the operator’s free-domain zone)', async () => {
    const response = await api.post(`/api/servers/${serverId}/bind9/zones`, { name: ZONE });
    expect(response.statusCode, response.body).toBe(201);
    const event = await waitForEvent(startedEventResponseSchema.parse(response.json()).data.id);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect((await run('dig', ['+short', `@${testServer.address}`, ZONE, 'SOA'])).stdout.trim()).not.toBe('');
  });

  it('creates a site with the toggle that answers under its generated name', async () => {
    const response = await api.post('/api/sites', { server_id: serverId, use_free_domain: true });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    const event = await waitForEvent(created.event_id);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    const [row] = await test.database.db.select().from(freeDomains).where(eq(freeDomains.siteId, created.id));
    hostname = row!.hostname;
    expect(hostname).toMatch(/^[a-z][a-z2-9]{9}\.free\.fda\.test$/);
    expect(row!.recordId).toMatch(/^[0-9a-f]{16}$/);

    // bind9 answers the A record with the server's address.
    expect(await dig(hostname)).toBe(testServer.address);

    // The site's vhost answers for the name.
    const marker = `free domain ${hostname}`;
    const home = `/home/hostdeck/${hostname}`;
    const written = await runOnTestServer(testServer, [
      'bash',
      '-c',
      'printf "%s\\n" "$2" > "$1/index.html" && chown hostdeck:hostdeck "$1/index.html"',
      'write',
      home,
      marker,
    ]);
    expect(written.code, written.stderr).toBe(0);
    const { stdout } = await run('curl', [
      '-s',
      '--max-time',
      '10',
      '--resolve',
      `${hostname}:80:${testServer.address}`,
      `http://${hostname}/`,
    ]);
    expect(stdout).toContain(marker);
  });

  it('removes the record when the cleanup runs after 14 days', async () => {
    const db = test.database.db;
    // As the panel builds it: the bind9 credential's adapter from the DNS providers' table.
    const freeDomainsService = createFreeDomains({
      config: test.config,
      db,
      secretBox: test.panel.secretBox,
      executor: createSshExecutor(),
      connections: createServerConnections(db, test.panel.secretBox),
    });
    const warnings: unknown[] = [];
    const warn = (message: string, details: object) => warnings.push({ message, details });

    expect(await freeDomainsService.cleanupDue(new Date(Date.now() + 13 * DAY), warn)).toEqual({
      deleted: [],
      failed: [],
    });
    expect(await dig(hostname)).toBe(testServer.address);

    const pass = await freeDomainsService.cleanupDue(new Date(Date.now() + 14 * DAY + 60_000), warn);
    expect(warnings).toEqual([]);
    expect(pass).toEqual({ deleted: [hostname], failed: [] });
    expect(await dig(hostname)).toBe('');
    const [row] = await db.select().from(freeDomains).where(eq(freeDomains.hostname, hostname));
    expect(row!.status).toBe('deleted');
    // The zone itself stays and still answers.
    expect((await run('dig', ['+short', `@${testServer.address}`, ZONE, 'SOA'])).stdout.trim()).not.toBe('');
  });
});
