import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicKey, verify } from 'node:crypto';
import { eq } from '../testing/sql.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_VERSION,
  agentChangelogResponseSchema,
  agentInstallResponseSchema,
  type AgentTokenPayload,
  agentTokenResponseSchema,
  parseAgentTokenPayload,
  serverDetailResponseSchema,
} from '@hostdeck/contracts';
import { agentBundleFileName } from '@hostdeck/recipes';
import { events, servers, sites } from '../database/schema.js';
import { insertMember, insertTeam, insertShare, signIn } from '../policy/testing/policy-fixtures.js';
import { createFakeServer, FAKE_ROOT_PASSWORD } from '../servers/testing/fake-server.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { AGENT_KEY_FILE } from './agent-keys.js';

/** The agent's panel calls against an in-memory server (servers/testing/fake-server.ts). */
describe('agent panel calls', () => {
  // With the job workers: the install event runs its recipe on the fake server and finishes.
  const fake = createFakeServer();
  let test: TestApp | undefined;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, { executor: fake.executor, workers: true });
  });
  afterAll(async () => test?.close());
  const testApp = () => test!;
  const db = () => testApp().database.db;
  const previousDist = process.env.HOSTDECK_AGENT_DIST;
  afterEach(() => {
    if (previousDist === undefined) delete process.env.HOSTDECK_AGENT_DIST;
    else process.env.HOSTDECK_AGENT_DIST = previousDist;
  });

  /** Olga connects a server and shares it with her team (Ed edits, Vic views); Mallory is a stranger. */
  async function scene() {
    const olga = await signIn(testApp(), 'Olga Owner');
    const ed = await signIn(testApp(), 'Ed Editor');
    const mallory = await signIn(testApp(), 'Mallory');
    const response = await olga.api.post('/api/servers', {
      name: 'shop-web',
      ip: '203.0.113.20',
      method: 'password',
      password: FAKE_ROOT_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(201);
    const server = serverDetailResponseSchema.parse(response.json()).data;
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    await insertShare(db(), team.id, server.id);
    const [site] = await db()
      .insert(sites)
      .values({ serverId: server.id, userId: olga.user.id, name: 'shop.example.com', linuxUser: 'shopuser' })
      .returning();
    const [alias] = await db()
      .insert(sites)
      .values({
        serverId: server.id,
        userId: olga.user.id,
        name: 'www.shop.example.com',
        linuxUser: 'shopuser',
        siteId: site!.id,
      })
      .returning();
    fake.state.log.length = 0;
    return { olga, ed, mallory, server, site: site!, alias: alias! };
  }

  /** The payload of a token, after checking its signature with the panel's public key on disk. */
  function openToken(token: string): AgentTokenPayload {
    const stored = JSON.parse(readFileSync(path.join(testApp().config.dataDir, AGENT_KEY_FILE), 'utf8')) as {
      publicKey: string;
    };
    const [body, signature] = token.split('.') as [string, string];
    expect(
      verify(null, Buffer.from(body), createPublicKey(stored.publicKey), Buffer.from(signature, 'base64url')),
    ).toBe(true);
    return parseAgentTokenPayload(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))!;
  }

  it('gives a server token for the whole server as root, and single-use terminal tokens', async () => {
    const { ed, server } = await scene();
    const before = Math.floor(Date.now() / 1000);
    const response = await ed.api.post('/api/servers/agent/token', { server: server.id });
    expect(response.statusCode, response.body).toBe(200);
    const answer = agentTokenResponseSchema.parse(response.json());
    const token = openToken(answer.token);
    expect(token).toMatchObject({ v: 1, server: server.id, site: null, root: '/', user: 'root' });
    expect(token.ops.sort()).toEqual(['files:read', 'files:write']);
    expect(token.exp).toBeGreaterThan(before);
    expect(token.exp).toBeLessThanOrEqual(before + 600 + 1);
    for (const terminal of [answer.direct, answer.remote]) {
      const payload = openToken(terminal);
      expect(payload.ops).toEqual(['terminal']);
      expect(payload.exp).toBeLessThanOrEqual(before + 60 + 1);
    }
    expect(
      new Set([answer.token, answer.direct, answer.remote].map((value) => openToken(value).jti)).size,
    ).toBe(3);
    expect(answer.endpoint).toEqual({
      public: 'http://203.0.113.20:2022',
      private: `${testApp().config.appUrl}/api/servers/${server.id}/agent`,
    });
  });

  it("gives a site token for the site's home as the site's user; an alias reaches its parent's", async () => {
    const { olga, site, alias } = await scene();
    for (const id of [site.id, alias.id]) {
      const response = await olga.api.post('/api/sites/agent/token', { site: id });
      expect(response.statusCode, response.body).toBe(200);
      const token = openToken(agentTokenResponseSchema.parse(response.json()).token);
      expect(token).toMatchObject({
        site: site.id,
        root: '/home/shopuser/shop.example.com',
        user: 'shopuser',
      });
    }
  });

  it("answers 404 for another user's server or site, and 422 for a bad id", async () => {
    const { mallory, server, site } = await scene();
    expect((await mallory.api.post('/api/servers/agent/token', { server: server.id })).statusCode).toBe(404);
    expect((await mallory.api.post('/api/sites/agent/token', { site: site.id })).statusCode).toBe(404);
    expect((await mallory.api.post('/api/servers/agent/install', { server: server.id })).statusCode).toBe(
      404,
    );
    expect((await mallory.api.post('/api/servers/agent/token', { server: 'x' })).statusCode).toBe(422);
  });

  it('keeps the signing key in the data directory, 0600, its private half sealed', async () => {
    await scene();
    const file = path.join(testApp().config.dataDir, AGENT_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('BEGIN PUBLIC KEY');
    expect(text).not.toContain('PRIVATE KEY');
  });

  it('installs the agent as an install_agent event, then records the version', async () => {
    const { olga, server } = await scene();
    process.env.HOSTDECK_AGENT_DIST = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-agent-dist-'));
    const missing = await olga.api.post('/api/servers/agent/install?web=1', { server: server.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: expect.stringContaining('npm run bundle') });

    writeFileSync(
      path.join(process.env.HOSTDECK_AGENT_DIST, agentBundleFileName(AGENT_VERSION)),
      'bundle bytes',
    );
    const response = await olga.api.post('/api/servers/agent/install?web=1', { server: server.id });
    expect(response.statusCode, response.body).toBe(201);
    const event = agentInstallResponseSchema.parse(response.json()).data;
    expect(event).toMatchObject({ type: 'install_agent', server_id: server.id });
    await waitFor(async () => {
      const [row] = await db().select().from(events).where(eq(events.id, event.id));
      return row?.isFinished;
    });
    expect(fake.state.log).toContain('agent-install');
    const [row] = await db().select().from(servers).where(eq(servers.id, server.id));
    expect(row?.agentVersion).toBe(AGENT_VERSION);
  });

  it('installs the agent once provisioning passed; without a bundle, provisioning still passes', async () => {
    const eventsOf = async (serverId: number) =>
      db().select().from(events).where(eq(events.serverId, serverId)).orderBy(events.id);
    const finished = (serverId: number, type: string) =>
      waitFor(async () => (await eventsOf(serverId)).find((row) => row.type === type && row.isFinished), {
        what: `${type} of server ${serverId}`,
      });

    process.env.HOSTDECK_AGENT_DIST = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-agent-dist-'));
    const withoutBundle = await scene();
    await finished(withoutBundle.server.id, 'provision_server');
    // Marked installed after the finished hooks ran (job-runner.ts): by then the agent was skipped.
    const skipped = await waitFor(async () => {
      const [row] = await db().select().from(servers).where(eq(servers.id, withoutBundle.server.id));
      return row?.installed && row;
    });
    expect(skipped.agentVersion).toBeNull();
    expect((await eventsOf(withoutBundle.server.id)).map((row) => row.type)).not.toContain('install_agent');

    writeFileSync(
      path.join(process.env.HOSTDECK_AGENT_DIST, agentBundleFileName(AGENT_VERSION)),
      'bundle bytes',
    );
    const { server, olga } = await scene();
    const provision = await finished(server.id, 'provision_server');
    expect(provision.status).toBe('FINISHED');
    const install = await finished(server.id, 'install_agent');
    // Queued after provisioning, in the name of whoever provisioned the server.
    expect(install).toMatchObject({ status: 'FINISHED', recipeId: 'agent-install', userId: olga.user.id });
    expect(install.id).toBeGreaterThan(provision.id);
    const [row] = await db().select().from(servers).where(eq(servers.id, server.id));
    expect(row?.agentVersion).toBe(AGENT_VERSION);
  });

  it('lists the changelog without a session, newer entries than a version only', async () => {
    const all = await testApp().app.inject({ method: 'GET', url: '/api/agent-changelog' });
    expect(all.statusCode).toBe(200);
    const entries = agentChangelogResponseSchema.parse(all.json()).data;
    expect(entries.map((entry) => entry.id)).toContain(AGENT_VERSION);
    const newer = await testApp().app.inject({
      method: 'GET',
      url: `/api/agent-changelog?version=${AGENT_VERSION}`,
    });
    expect(agentChangelogResponseSchema.parse(newer.json()).data).toEqual([]);
  });
});
