import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_VERSION,
  hotfixListResponseSchema,
  hotfixRunResponseSchema,
  userSchema,
} from '@hostdeck/contracts';
import { agentBundleFileName } from '@hostdeck/recipes';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
  type SignedInUser,
} from '../policy/testing/policy-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { flagOutdatedAgentsOnReady } from './hotfix.area.js';
import { createHotfixRepository } from './hotfix.repository.js';
import type { HotfixService } from './hotfix.service.js';

/** The hotfix loop of spec/000 §2, §4, §7. Nothing connects: the started events stay queued. */
describe('hotfix', () => {
  let test: TestApp | undefined;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    // No workers: started events stay unfinished, which is the busy state under test.
    test = await createTestApp(pglite!);
  });
  afterAll(async () => test?.close());
  const testApp = () => test!;
  const db = () => testApp().database.db;
  const previousDist = process.env.HOSTDECK_AGENT_DIST;
  afterEach(() => {
    if (previousDist === undefined) delete process.env.HOSTDECK_AGENT_DIST;
    else process.env.HOSTDECK_AGENT_DIST = previousDist;
  });

  /** A server as connecting one leaves it (key and host key stored), its agent at `agentVersion`. */
  const connectServer = (owner: SignedInUser, name: string, agentVersion: number | null) =>
    insertServer(db(), owner.user.id, {
      name,
      agentVersion,
      hostKeyFingerprint: 'SHA256:test',
      sealedPrivateKey: 'sealed',
      installed: true,
    });

  /** The flag as the user's own browser reads it (GET api/user/info). */
  const flagOf = async (user: SignedInUser) =>
    userSchema.parse((await user.api.get('/api/user/info')).json()).hotfix;

  it('flags who manages an outdated agent, lists it, and upgrades only what the caller may manage', async () => {
    process.env.HOSTDECK_AGENT_DIST = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-agent-dist-'));
    writeFileSync(path.join(process.env.HOSTDECK_AGENT_DIST, agentBundleFileName(AGENT_VERSION)), 'bundle');

    const olga = await signIn(testApp(), 'Olga Owner');
    const ed = await signIn(testApp(), 'Ed Editor');
    // A member row with a role that grants nothing: sees nothing, manages nothing.
    const nora = await signIn(testApp(), 'Nora Norole');
    const mallory = await signIn(testApp(), 'Mallory');
    const old = await connectServer(olga, 'old-agent', AGENT_VERSION - 1);
    await connectServer(olga, 'current-agent', AGENT_VERSION);
    await connectServer(olga, 'no-agent', null);
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    await insertMember(db(), team.id, nora.user.id, 'nobody');
    await insertShare(db(), team.id, old.id);

    expect(await createHotfixRepository(db()).flagManagersOfOutdatedServers(AGENT_VERSION)).toBe(2);
    expect([await flagOf(olga), await flagOf(ed)]).toEqual([true, true]);
    expect([await flagOf(nora), await flagOf(mallory)]).toEqual([false, false]);

    const listFor = async (user: SignedInUser) =>
      hotfixListResponseSchema.parse((await user.api.get('/api/hotfix')).json()).data;
    expect(await listFor(ed)).toEqual([
      {
        kind: 'agent',
        server_id: old.id,
        server_name: 'old-agent',
        agent_version: AGENT_VERSION - 1,
        busy: false,
      },
    ]);
    expect(await listFor(mallory)).toEqual([]);
    expect(await listFor(nora)).toEqual([]);

    // Someone else's server is never touched, whoever asks.
    const strangers = await mallory.api.post('/api/hotfix');
    expect(strangers.statusCode, strangers.body).toBe(201);
    expect(hotfixRunResponseSchema.parse(strangers.json()).data).toEqual([]);

    const run = await ed.api.post('/api/hotfix');
    expect(run.statusCode, run.body).toBe(201);
    const started = hotfixRunResponseSchema.parse(run.json()).data;
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ type: 'install_agent', server_id: old.id, is_finished: false });
    expect(await flagOf(ed)).toBe(false);

    // While that upgrade is unfinished the server is busy: the owner's hotfix starts nothing new.
    expect((await listFor(olga))[0]).toMatchObject({ server_id: old.id, busy: true });
    const again = await olga.api.post('/api/hotfix');
    expect(hotfixRunResponseSchema.parse(again.json()).data).toEqual([]);
    expect(await flagOf(olga)).toBe(false);
  });

  it('flags users when the panel starts, from inside its plugin', async () => {
    const app = Fastify({ logger: false });
    let flagged = 0;
    await app.register(async (plugin) => {
      flagOutdatedAgentsOnReady(plugin, {
        flagOutdatedAgents: async () => (flagged += 1),
      } as unknown as HotfixService);
    });
    expect(flagged).toBe(0);
    await app.ready();
    expect(flagged).toBe(1);
    await app.close();
  });

  it('needs a session', async () => {
    expect((await testApp().app.inject({ method: 'GET', url: '/api/hotfix' })).statusCode).toBe(401);
  });
});
