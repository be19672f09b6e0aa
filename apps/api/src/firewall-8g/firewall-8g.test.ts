import { describe, expect, it } from 'vitest';
import { createSiteResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { FIREWALL_8G_MESSAGES, firewall8gRoutes } from '@hostdeck/contracts/firewall-8g';
import { events, sites } from '../database/schema.js';
import type { EventRow } from '../events/events.repository.js';
import {
  insertMember,
  insertShare,
  insertTeam,
  signIn,
  type SignedInUser,
} from '../policy/testing/policy-fixtures.js';
import { useFakeServerApp } from '../servers/testing/servers.js';
import { countRows, readEvent, readSite, siteScene } from '../sites/testing/sites.js';
import { eq } from '../testing/sql.js';
import { createFirewall8gRepository } from './firewall-8g.repository.js';
import { createFirewall8gService } from './firewall-8g.service.js';

/** POST|DELETE api/sites/{site}/8gfirewall (and the panel's GET): the policy, what each starts. */
describe('8G firewall API', () => {
  const { testApp, db } = useFakeServerApp();

  async function createSite(user: SignedInUser, serverId: number, name: string, extra = {}) {
    const response = await user.api.post('/api/sites', { name, server_id: serverId, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    // As if its create event had passed.
    await db().update(sites).set({ status: 'active' }).where(eq(sites.id, created.id));
    return created.id;
  }

  const path = (id: number) => `/api/sites/${id}/8gfirewall`;

  it("answers 404 to another user, 403 to a viewer's changes, and starts nothing", async () => {
    const { olga, mallory, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id, 'a8g.example.com');
    // A member of a team the server is shared with, as a viewer: sees the state, changes nothing.
    const viewer = await signIn(testApp(), 'Vera Viewer');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, viewer.user.id, 'viewer');
    await insertShare(db(), team.id, server.id);
    const before = await countRows(db());
    for (const response of await Promise.all([
      mallory.api.get(path(id)),
      mallory.api.post(path(id)),
      mallory.api.delete(path(id)),
    ])) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await viewer.api.get(path(id))).statusCode).toBe(200);
    for (const response of await Promise.all([viewer.api.post(path(id)), viewer.api.delete(path(id))])) {
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await countRows(db())).toEqual(before);
    expect((await readSite(db(), id))!.firewall8g).toBe(false);
  });

  it('starts the enable and disable events for the owner and a team developer', async () => {
    const { olga, ed, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id, 'b8g.example.com');
    const shown = await ed.api.get(path(id));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(firewall8gRoutes.show.response.parse(shown.json()).data).toEqual({
      enabled: false,
      available: true,
      web_server: 'nginx',
    });

    const enabled = await olga.api.post(path(id));
    expect(enabled.statusCode, enabled.body).toBe(201);
    const enableEvent = await readEvent(db(), startedEventResponseSchema.parse(enabled.json()).data.id);
    expect(enableEvent).toMatchObject({
      type: 'firewall_8g_enable',
      siteId: id,
      serverId: server.id,
      description: 'Turn on the 8G firewall of b8g.example.com',
    });

    const disabled = await ed.api.delete(path(id));
    expect(disabled.statusCode, disabled.body).toBe(201);
    const disableEvent = await readEvent(db(), startedEventResponseSchema.parse(disabled.json()).data.id);
    expect(disableEvent).toMatchObject({ type: 'firewall_8g_disable', siteId: id });
    // The row changes only once the server took the change (below).
    expect((await readSite(db(), id))!.firewall8g).toBe(false);
  });

  it('records the state only when the event succeeded', async () => {
    const { olga, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id, 'c8g.example.com');
    const service = createFirewall8gService({
      access: { authorize: async () => ({}) as never },
      events: { startRecipe: async () => ({}) as never },
      repository: createFirewall8gRepository(db()),
    });
    const finished = (type: string, status: string) => ({ siteId: id, type, status }) as EventRow;

    expect(await service.settleFinished(finished('firewall_8g_enable', 'ERROR'))).toEqual(['site']);
    expect((await readSite(db(), id))!.firewall8g).toBe(false);
    await service.settleFinished(finished('firewall_8g_enable', 'FINISHED'));
    expect((await readSite(db(), id))!.firewall8g).toBe(true);
    const shown = await olga.api.get(path(id));
    expect(firewall8gRoutes.show.response.parse(shown.json()).data.enabled).toBe(true);
    await service.settleFinished(finished('firewall_8g_disable', 'FINISHED'));
    expect((await readSite(db(), id))!.firewall8g).toBe(false);
  });

  it('refuses sites nginx does not serve and aliases, saying why', async () => {
    const { olga, server } = await siteScene(testApp());
    const id = await createSite(olga, server.id, 'd8g.example.com');
    await db().update(sites).set({ webServer: 'apache2' }).where(eq(sites.id, id));
    const before = (await db().select({ id: events.id }).from(events)).length;
    const refused = await olga.api.post(path(id));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(FIREWALL_8G_MESSAGES.notNginx);
    const shown = await olga.api.get(path(id));
    expect(firewall8gRoutes.show.response.parse(shown.json()).data).toMatchObject({ available: false });

    await db().update(sites).set({ webServer: 'nginx' }).where(eq(sites.id, id));
    const alias = await createSite(olga, server.id, 'www.d8g.example.com', { site_id: id });
    const aliasRefused = await olga.api.post(path(alias));
    expect(aliasRefused.statusCode).toBe(422);
    expect(aliasRefused.json().message).toBe(FIREWALL_8G_MESSAGES.alias);
    const after = (await db().select({ id: events.id }).from(events)).length;
    // Only the alias's own create event was added.
    expect(after - before).toBe(1);
  });
});
