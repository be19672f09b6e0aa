import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS, UPDATE_KEYS } from '@hostdeck/contracts';
import { ROUNDCUBE_MESSAGES } from '@hostdeck/contracts/roundcube';
import { roundcubeInstall } from '@hostdeck/recipes/roundcube';
import { events, sites } from '../database/schema.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../policy/testing/policy-fixtures.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { registerRoundcubeInstalled } from './roundcube-events.js';
import { roundcubeVi } from './roundcube.vi.js';

const [pglite] = await availableTestDatabases();

/** No step runs in these tests: the install is an event the worker would run. */
const executor: RemoteExecutor = {
  async connect() {
    throw new Error('no server in this test');
  },
};

describe('Roundcube messages', () => {
  it('have Vietnamese for every message, the event description and each step title', () => {
    for (const message of Object.values(ROUNDCUBE_MESSAGES)) expect(roundcubeVi[message]).toBeTruthy();
    expect(roundcubeVi['Install Roundcube on {site}']).toBe('Cài đặt Roundcube trên {site}');
    for (const step of roundcubeInstall.steps) expect(roundcubeVi[step.title], step.title).toBeTruthy();
  });
});

describe('Roundcube API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor });
  });
  afterAll(async () => test.close());
  const db = () => test.database.db;

  /** Olga owns a connected server shared with her team (Ed edits, Vera views); Mallory is a stranger. */
  async function scene(values: Partial<typeof sites.$inferInsert> = {}) {
    const olga = await signIn(test, 'Olga Owner');
    const ed = await signIn(test, 'Ed Editor');
    const mallory = await signIn(test, 'Mallory');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    const server = await insertServer(db(), olga.user.id, {
      installed: true,
      hostKeyFingerprint: 'SHA256:fake',
      defaultPhp: '8.2',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    await insertShare(db(), team.id, server.id);
    const [site] = await db()
      .insert(sites)
      .values({
        serverId: server.id,
        name: 'mail.shop.test',
        linuxUser: 'shoptest',
        phpVersion: '8.3',
        status: 'active',
        ...values,
      })
      .returning();
    return { olga, ed, mallory, server, site: site!, base: `/api/sites/${site!.id}` };
  }

  it('installs Roundcube on a site as an event with the site, its web server and PHP', async () => {
    const { ed, base, site, server } = await scene();
    const answer = await ed.api.post(`${base}/code/roundcube`);
    expect(answer.statusCode, answer.body).toBe(201);
    const { id } = answer.json<{ data: { id: number } }>().data;
    const [event] = await db().select().from(events).where(eq(events.id, id));
    expect(event).toMatchObject({
      type: 'install_roundcube',
      recipeId: 'roundcube-install',
      serverId: server.id,
      siteId: site.id,
      descriptionId: 'installRoundcube',
      descriptionValues: { site: 'mail.shop.test' },
    });
    const input = JSON.parse(test.panel.secretBox.open(event!.sealedInput!, SECRET_PURPOSE.eventInput));
    expect(input).toEqual({ site: 'mail.shop.test', web_server: 'nginx', php_version: '8.3' });
  });

  it("uses the server's default PHP for a site without PHP", async () => {
    const { olga, base } = await scene({ phpVersion: null, name: 'webmail.shop.test' });
    const answer = await olga.api.post(`${base}/code/roundcube`);
    expect(answer.statusCode, answer.body).toBe(201);
    const [event] = await db()
      .select()
      .from(events)
      .where(eq(events.id, answer.json<{ data: { id: number } }>().data.id));
    const input = JSON.parse(test.panel.secretBox.open(event!.sealedInput!, SECRET_PURPOSE.eventInput));
    expect(input.php_version).toBe('8.2');
  });

  it('refuses a stranger, an alias and a site that is not ready', async () => {
    const { mallory, olga, base, site, server } = await scene({ name: 'other.shop.test' });
    expect((await mallory.api.post(`${base}/code/roundcube`)).statusCode).toBe(404);
    const [alias] = await db()
      .insert(sites)
      .values({
        serverId: server.id,
        siteId: site.id,
        name: 'www.other.shop.test',
        linuxUser: 'shoptest',
        status: 'active',
      })
      .returning();
    const refused = await olga.api.post(`/api/sites/${alias!.id}/code/roundcube`);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(ROUNDCUBE_MESSAGES.alias);
    await db().update(sites).set({ status: 'creating' }).where(eq(sites.id, site.id));
    expect((await olga.api.post(`${base}/code/roundcube`)).statusCode).toBe(422);
  });

  it('marks the site as serving Roundcube when the install finishes, not when it fails', async () => {
    const { site, server } = await scene({ name: 'done.shop.test' });
    let handler: Parameters<EventHooks['onFinished']>[1] | undefined;
    registerRoundcubeInstalled({ onFinished: (_type, registered) => void (handler = registered) }, db());
    const event = { type: 'install_roundcube', siteId: site.id, serverId: server.id };
    type Finished = Parameters<NonNullable<typeof handler>>[0];
    expect(await handler!({ ...event, status: EVENT_STATUS.error } as Finished)).toEqual([]);
    const [before] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(before!.codeType).toBeNull();
    expect(await handler!({ ...event, status: EVENT_STATUS.finished } as Finished)).toEqual([
      UPDATE_KEYS.site,
      UPDATE_KEYS.sites,
    ]);
    const [after] = await db().select().from(sites).where(eq(sites.id, site.id));
    expect(after!.codeType).toBe('roundcube');
  });
});
