import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import {
  createSiteResponseSchema,
  serverDetailResponseSchema,
  siteDetailResponseSchema,
  startedEventResponseSchema,
} from '@hostdeck/contracts';
import { databases, events, favorites, sites } from '../database/schema.js';
import { signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { createFakeServer, FAKE_ROOT_PASSWORD } from '../servers/testing/fake-server.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { readSite } from './testing/sites.js';

/**
 * Site events run to their end by the panel's workers against the in-memory server: what the
 * site's rows become when the server took a change, and when it refused it.
 */
describe('site events, run', () => {
  const fake = createFakeServer();
  let test: TestApp;
  let olga: SignedInUser;
  let serverId: number;
  const db = () => test.database.db;

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, { executor: fake.executor, workers: true });
    olga = await signIn(test, 'Olga Owner');
    const response = await olga.api.post('/api/servers', {
      name: 'web-1',
      ip: '203.0.113.30',
      method: 'password',
      password: FAKE_ROOT_PASSWORD,
      provision: { web_server: 'nginx', php_versions: ['8.2'], database: 'mariadb' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const server = serverDetailResponseSchema.parse(response.json()).data;
    serverId = server.id;
    await waitForEvent(server.provision_event_id!);
  });
  afterAll(async () => test?.close());
  beforeEach(() => fake.state.failingRecipes.clear());

  async function waitForEvent(id: number) {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const [event] = await db().select().from(events).where(eq(events.id, id));
      if (event?.isFinished) {
        // The finished handlers run right after the row is finished: give them their turn.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return event;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`event ${id} did not finish`);
  }

  const startedId = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(201);
    return startedEventResponseSchema.parse(response.json()).data.id;
  };

  it('makes a created site active, applies changes, then deletes it and its database', async () => {
    const response = await olga.api.post('/api/sites', {
      name: 'shop.example.com',
      server_id: serverId,
      database_name: 'shopdb',
      aliases: ['www.shop.example.com'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    expect((await waitForEvent(created.event_id)).status).toBe('FINISHED');
    expect(fake.state.log).toEqual(expect.arrayContaining(['site-apply', 'site-database-create']));
    const shown = siteDetailResponseSchema.parse(
      (await olga.api.get(`/api/sites/${created.id}`)).json(),
    ).data;
    expect(shown.status).toBe('active');
    expect(shown.aliases).toEqual([{ id: expect.any(Number), name: 'www.shop.example.com' }]);

    await waitForEvent(
      startedId(await olga.api.put(`/api/sites/${created.id}/proxy_port`, { proxy_port: 3000 })),
    );
    await waitForEvent(startedId(await olga.api.post(`/api/sites/${created.id}/toggle`, {})));
    expect(await readSite(db(), created.id)).toMatchObject({ proxyPort: 3000, enabled: false });

    // The server refuses the change: the row keeps what the server still serves.
    fake.state.failingRecipes.add('site-apply');
    const refused = await waitForEvent(
      startedId(await olga.api.put(`/api/sites/${created.id}/directory`, { directory: '/public' })),
    );
    expect(refused.status).toBe('ERROR');
    expect((await readSite(db(), created.id))!.directory).toBe('/');
    const alias = await waitForEvent(
      startedId(await olga.api.post(`/api/sites/${created.id}/alias`, { name: 'shop.example.net' })),
    );
    expect(alias.status).toBe('ERROR');
    expect(
      (await db().select().from(sites).where(eq(sites.siteId, created.id))).map((row) => row.name),
    ).toEqual(['www.shop.example.com']);
    fake.state.failingRecipes.clear();

    // An alias taken by the server is active; deleting it applies the parent again without it.
    await waitForEvent(
      startedId(await olga.api.post(`/api/sites/${created.id}/alias`, { name: 'shop.example.org' })),
    );
    const [added] = await db().select().from(sites).where(eq(sites.name, 'shop.example.org'));
    expect(added).toMatchObject({ siteId: created.id, status: 'active' });
    fake.state.log.length = 0;
    await waitForEvent(startedId(await olga.api.delete(`/api/sites/${added!.id}`)));
    expect(fake.state.log).toContain('site-apply');
    expect(fake.state.log).not.toContain('site-delete');
    expect(await readSite(db(), added!.id)).toBeUndefined();

    await olga.api.post(`/api/sites/${created.id}/favorite`, {});
    // A second database linked to the site: only the site's own is dropped, so this one stays listed.
    const [linked] = await db()
      .insert(databases)
      .values({ serverId, siteId: created.id, type: 'mariadb', name: 'shop_extra' })
      .returning();
    fake.state.log.length = 0;
    const deleted = await waitForEvent(
      startedId(await olga.api.delete(`/api/sites/${created.id}?delete_database=1`)),
    );
    expect(deleted.status).toBe('FINISHED');
    expect(fake.state.log).toEqual(expect.arrayContaining(['site-delete', 'site-database-drop']));
    expect(await db().select().from(sites).where(eq(sites.serverId, serverId))).toEqual([]);
    expect(
      (await db().select().from(databases).where(eq(databases.serverId, serverId))).map((row) => [
        row.id,
        row.siteId,
      ]),
    ).toEqual([[linked!.id, null]]);
    await db().delete(databases).where(eq(databases.id, linked!.id));
    expect(await db().select().from(favorites).where(eq(favorites.userId, olga.user.id))).toEqual([]);
    expect((await olga.api.get(`/api/sites/${created.id}`)).statusCode).toBe(404);
  });

  it('marks a site failed when the server refuses it, and keeps the database on delete unless asked', async () => {
    fake.state.failingRecipes.add('site-database-create');
    const response = await olga.api.post('/api/sites', {
      name: 'broken.example.com',
      server_id: serverId,
      database_name: 'brokendb',
    });
    const created = createSiteResponseSchema.parse(response.json());
    expect((await waitForEvent(created.event_id)).status).toBe('ERROR');
    expect((await readSite(db(), created.id))!.status).toBe('failed');

    fake.state.failingRecipes.clear();
    fake.state.log.length = 0;
    await waitForEvent(
      startedId(await olga.api.deleteWith(`/api/sites/${created.id}`, { delete_database: false })),
    );
    expect(fake.state.log).not.toContain('site-database-drop');
    expect(await readSite(db(), created.id)).toBeUndefined();
    const [kept] = await db().select().from(databases).where(eq(databases.name, 'brokendb'));
    expect(kept).toMatchObject({ siteId: null });
  });

  it('clones a site to another server and copies its files there', async () => {
    const other = await olga.api.post('/api/servers', {
      name: 'web-2',
      ip: '203.0.113.31',
      method: 'password',
      password: FAKE_ROOT_PASSWORD,
      provision: { web_server: 'nginx', php_versions: ['8.2'], database: 'none' },
    });
    const target = serverDetailResponseSchema.parse(other.json()).data;
    await waitForEvent(target.provision_event_id!);
    const source = createSiteResponseSchema.parse(
      (
        await olga.api.post('/api/sites', {
          name: 'clone.example.com',
          server_id: serverId,
          php_version: '8.2',
        })
      ).json(),
    );
    await waitForEvent(source.event_id);
    fake.state.log.length = 0;
    const response = await olga.api.post(`/api/sites/${source.id}/clone`, { server_id: target.id });
    expect(response.statusCode, response.body).toBe(201);
    const clone = createSiteResponseSchema.parse(response.json());
    expect((await waitForEvent(clone.event_id)).status).toBe('FINISHED');
    // One entry per step: site-apply's steps, then pack, unpack (an empty archive), clean both.
    const ran = fake.state.log.filter(
      (entry, index, all) => entry.startsWith('site-') && entry !== all[index - 1],
    );
    expect(ran).toEqual([
      'site-apply',
      'site-files-export',
      'site-files-import',
      'site-files-export',
      'site-files-import',
    ]);
    expect(await readSite(db(), clone.id)).toMatchObject({
      serverId: target.id,
      name: 'clone.example.com',
      phpVersion: '8.2',
      status: 'active',
    });
    const again = await olga.api.post(`/api/sites/${source.id}/clone`, { server_id: target.id });
    expect(again.json().errors).toEqual({
      server_id: ['A site with this domain already exists on the chosen server'],
    });
  });
});
