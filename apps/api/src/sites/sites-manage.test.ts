import { describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import {
  createSiteResponseSchema,
  siteDetailResponseSchema,
  siteListSchema,
  startedEventResponseSchema,
  type RealtimeMessage,
} from '@hostdeck/contracts';
import { events, sites } from '../database/schema.js';
import type { SignedInUser } from '../policy/testing/policy-fixtures.js';
import { useFakeServerApp } from '../servers/testing/servers.js';
import { countRows, readEvent, readSite, siteScene } from './testing/sites.js';

/** Reading and changing sites through the API: the policy, the shapes, what each change starts. */
describe('managing sites', () => {
  const { fake, testApp, db } = useFakeServerApp();

  async function createSite(user: SignedInUser, serverId: number, name = 'shop.example.com', extra = {}) {
    const response = await user.api.post('/api/sites', { name, server_id: serverId, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    // As if its create event had passed.
    await db().update(sites).set({ status: 'active' }).where(eq(sites.id, created.id));
    return created.id;
  }

  it('answers 404 to another user on every site route, and starts or changes nothing', async () => {
    const { olga, mallory, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id);
    const before = await countRows(db());
    const calls = [
      mallory.api.get(`/api/sites/${id}`),
      mallory.api.get(`/api/servers/${server.id}/sites`),
      mallory.api.deleteWith(`/api/sites/${id}`, { delete_database: true }),
      mallory.api.delete(`/api/sites/${id}?delete_database=1`),
      mallory.api.put(`/api/sites/${id}/name`, { name: 'mine' }),
      mallory.api.post(`/api/sites/${id}/favorite`, {}),
      mallory.api.post(`/api/sites/${id}/protect`, { protected: false }),
      mallory.api.post(`/api/sites/${id}/toggle`, {}),
      mallory.api.put(`/api/sites/${id}/php_version`, { php_version: '8.2' }),
      mallory.api.put(`/api/sites/${id}/proxy_port`, { proxy_port: 3000 }),
      mallory.api.put(`/api/sites/${id}/directory`, { directory: '/public' }),
      mallory.api.put(`/api/sites/${id}/owner`, { linux_user: 'mallory' }),
      mallory.api.post(`/api/sites/${id}/alias`, { name: 'evil.example.com' }),
      mallory.api.post(`/api/sites/${id}/chmod`),
      mallory.api.post(`/api/sites/${id}/chown`),
      mallory.api.post(`/api/sites/${id}/lockdown`, { enabled: true }),
      mallory.api.post(`/api/sites/${id}/bindings`, { ips: ['203.0.113.1'] }),
      mallory.api.get(`/api/sites/${id}/ip-remote-check`),
      mallory.api.post(`/api/sites/${id}/ip-remote-check`),
      mallory.api.delete(`/api/sites/${id}/telegram-notification`),
      mallory.api.post(`/api/sites/${id}/telegram-notification`),
      mallory.api.post(`/api/sites/${id}/clone`, { server_id: server.id }),
      mallory.api.post('/api/sites', { name: 'evil.example.com', server_id: server.id, site_id: id }),
    ];
    const responses = await Promise.all(calls);
    responses
      .slice(0, -1)
      .forEach((response, index) => expect(response.statusCode, `call ${index}`).toBe(404));
    // A server the caller cannot see is a field error of the form, like a missing one.
    expect(responses.at(-1)!.statusCode).toBe(422);
    expect(await countRows(db())).toEqual(before);
    expect((await readSite(db(), id))!.displayName).toBeNull();
    const list = siteListSchema.parse((await mallory.api.get('/api/sites')).json());
    expect(list.meta.total).toBe(0);
    expect(fake.state.log).toEqual([]);
  });

  it('lists the sites a user may view, paged and searchable, with per-user favourites', async () => {
    const { olga, ed, server } = await siteScene(testApp());
    const shop = await createSite(olga, server.id, 'shop.example.com');
    await createSite(olga, server.id, 'blog.example.com');
    const favorite = await ed.api.post(`/api/sites/${shop}/favorite`, {});
    expect(favorite.json()).toEqual({ is_favorite: true });

    const mine = siteListSchema.parse((await olga.api.get('/api/sites?itemsPerPage=1')).json());
    expect(mine.meta).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    const shared = siteListSchema.parse((await ed.api.get('/api/sites?search=shop')).json());
    expect(shared.data).toHaveLength(1);
    expect(shared.data[0]).toMatchObject({
      id: shop,
      name: 'shop.example.com',
      display_name: 'shop.example.com',
      server_id: server.id,
      server_name: server.name,
      site_id: null,
      is_agent: false,
      linux_user: 'hostdeck',
      directory: '/',
      enabled: true,
      is_favorite: true,
      status: 'active',
    });
    const serverDetail = await olga.api.get(`/api/servers/${server.id}`);
    expect(serverDetail.json().data.sites_count).toBe(2);
    const olgas = siteListSchema.parse((await olga.api.get(`/api/servers/${server.id}/sites`)).json());
    expect(olgas.data.every((site) => !site.is_favorite)).toBe(true);
    expect(olgas.data.map((site) => site.name).sort()).toEqual(['blog.example.com', 'shop.example.com']);
  });

  it('renames, protects and turns Telegram notifications off in the panel, telling the team', async () => {
    const { olga, ed, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id);
    const received: RealtimeMessage[] = [];
    const unsubscribe = testApp().panel.bus.subscribe(ed.user.id, (message) => received.push(message));
    const renamed = await ed.api.put(`/api/sites/${id}/name`, { name: 'My shop' });
    expect(siteDetailResponseSchema.parse(renamed.json()).data.display_name).toBe('My shop');
    const protectedSite = await olga.api.post(`/api/sites/${id}/protect`, { protected: true });
    expect(siteDetailResponseSchema.parse(protectedSite.json()).data.protected).toBe(true);
    const off = await olga.api.delete(`/api/sites/${id}/telegram-notification`);
    expect(siteDetailResponseSchema.parse(off.json()).data.telegram_notification).toBe(false);
    unsubscribe();
    expect(received).toContainEqual({ type: 'Update-data', keys: ['sites', 'site'] });

    const refused = await olga.api.deleteWith(`/api/sites/${id}`, { delete_database: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This site is protected. Turn protection off to delete it.');
    expect((await readSite(db(), id))!.status).toBe('active');
  });

  it('starts a site_update event for each vhost change and leaves the row until the server took it', async () => {
    const { olga, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id);
    const started = async (method: 'post' | 'put', path: string, body?: unknown) => {
      const response = await olga.api[method](`/api/sites/${id}${path}`, body);
      expect(response.statusCode, `${path} ${response.body}`).toBe(201);
      return readEvent(db(), startedEventResponseSchema.parse(response.json()).data.id);
    };
    for (const [method, path, body] of [
      ['post', '/toggle', {}],
      ['put', '/php_version', { php_version: '8.2' }],
      ['put', '/proxy_port', { proxy_port: 3000 }],
      ['put', '/directory', { directory: 'public' }],
      ['put', '/owner', { linux_user: 'shopowner', password: 'Gq7rT2mXv9LpZs4Nw8Hk' }],
      ['post', '/lockdown', { enabled: true }],
      ['post', '/bindings', { ips: ['203.0.113.10', '2001:db8::1'] }],
    ] as const) {
      expect(await started(method, path, body), path).toMatchObject({
        type: 'site_update',
        recipeId: 'task:site-update',
        siteId: id,
        status: 'PENDING',
      });
    }
    expect(await started('post', '/chmod')).toMatchObject({
      type: 'site_permissions',
      recipeId: 'site-permissions',
    });
    expect(await readSite(db(), id)).toMatchObject({
      enabled: true,
      proxyPort: null,
      directory: '/',
      lockdown: false,
    });

    for (const [method, path, body, field] of [
      ['put', '/php_version', { php_version: '8.3' }, 'php_version'],
      ['put', '/proxy_port', { proxy_port: 0 }, 'proxy_port'],
      ['put', '/directory', { directory: '/../etc' }, 'directory'],
      ['put', '/owner', { linux_user: 'root' }, 'linux_user'],
      ['post', '/bindings', { ips: ['999.1.1.1'] }, 'ips.0'],
    ] as const) {
      const refused = await olga.api[method](`/api/sites/${id}${path}`, body);
      expect(refused.statusCode, path).toBe(422);
      expect(Object.keys(refused.json().errors), path).toContain(field);
    }
  });

  it('adds an alias as an alias site applied with its parent, and deletes through events', async () => {
    const { olga, ed, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id, 'shop.example.com', { database_name: 'shopdb' });
    const alias = await olga.api.post(`/api/sites/${id}/alias`, { name: 'www.shop.example.com' });
    expect(alias.statusCode, alias.body).toBe(201);
    const aliasEvent = await readEvent(db(), startedEventResponseSchema.parse(alias.json()).data.id);
    expect(aliasEvent).toMatchObject({ type: 'site_update', siteId: id });
    const [aliasRow] = await db().select().from(sites).where(eq(sites.siteId, id));
    expect(aliasRow).toMatchObject({
      name: 'www.shop.example.com',
      status: 'creating',
      createEventId: aliasEvent.id,
    });
    const injected = await olga.api.post(`/api/sites/${id}/alias`, { name: 'a.com; touch /tmp/pwned' });
    expect(injected.statusCode).toBe(422);

    // Only the owner deletes (a team editor manages but does not delete).
    expect((await ed.api.deleteWith(`/api/sites/${id}`, { delete_database: true })).statusCode).toBe(403);
    const deleted = await olga.api.delete(`/api/sites/${id}?delete_database=true`);
    expect(deleted.statusCode, deleted.body).toBe(201);
    const deleteEvent = await readEvent(db(), startedEventResponseSchema.parse(deleted.json()).data.id);
    expect(deleteEvent).toMatchObject({ type: 'site_delete', recipeId: 'task:site-delete', siteId: id });
    expect((await readSite(db(), id))!.status).toBe('deleting');
    // Busy: no other change while it is being deleted.
    expect((await olga.api.post(`/api/sites/${id}/toggle`, {})).statusCode).toBe(409);
    const all = await db().select({ id: events.id }).from(events).where(eq(events.siteId, id));
    expect(all.length).toBe(3);
  });
});
