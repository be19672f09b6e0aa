import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { favoriteResponseSchema, serverListSchema, serverResponseSchema } from '@hostdeck/contracts';
import { servers } from '../database/schema.js';
import { SERVER_ABILITIES } from '../policy/abilities.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../policy/testing/policy-fixtures.js';
import { createServerRecord } from '../testing/fixtures.js';
import { keysOf } from './testing/fake-server.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

const [pglite] = await availableTestDatabases();

describe('servers API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!);
  });
  afterAll(async () => test.close());

  const db = () => test.database.db;
  const list = async (client: Awaited<ReturnType<typeof signIn>>, query = '') => {
    const response = await client.api.get(`/api/servers${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return serverListSchema.parse(response.json());
  };

  /** Olga owns two servers and shares one with her team, where Ed is an editor. */
  async function scene() {
    const olga = await signIn(test, 'Olga Owner');
    const ed = await signIn(test, 'Ed Editor');
    const mallory = await signIn(test, 'Mallory');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    const shared = await insertServer(db(), olga.user.id, { name: 'shop-web', ip: '203.0.113.20' });
    const privateOne = await insertServer(db(), olga.user.id, {
      name: 'db_main',
      ip: '198.51.100.7',
      port: 2222,
    });
    await insertShare(db(), team.id, shared.id);
    return { olga, ed, mallory, team, shared, privateOne };
  }

  it('lists the servers the caller may view, owned and shared, newest first', async () => {
    const { olga, ed, mallory, shared, privateOne } = await scene();
    const owned = await list(olga);
    expect(owned.data.map((server) => server.id)).toEqual([privateOne.id, shared.id]);
    expect(owned.data[0]).toEqual({
      id: privateOne.id,
      name: 'db_main',
      display_name: 'db_main',
      ip: '198.51.100.7',
      port: 2222,
      status: 'PENDING',
      installed: false,
      is_favorite: false,
      is_owner: true,
      user_id: olga.user.id,
      teams: [],
      can_use: true,
      abilities: [...SERVER_ABILITIES],
      created_at: privateOne.createdAt.toISOString(),
      protected: false,
      // No plan (issue 24, docs/billing-plans.md): the Cost column shows nothing.
      is_vip: false,
      invoice_price: null,
      next_invoice_date: null,
    });
    expect(owned.meta).toMatchObject({ total: 2, current_page: 1, per_page: 10, from: 1, to: 2 });

    const member = await list(ed);
    expect(member.data.map((server) => [server.id, server.is_owner])).toEqual([[shared.id, false]]);
    expect((await list(mallory)).data).toEqual([]);
  });

  it('pages and searches by name or address, with LIKE wildcards taken literally', async () => {
    const { olga, shared, privateOne } = await scene();
    const page = await list(olga, '?page=2&itemsPerPage=1');
    expect(page.data.map((server) => server.id)).toEqual([shared.id]);
    expect(page.meta).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
    expect((await list(olga, '?search=SHOP')).data.map((server) => server.id)).toEqual([shared.id]);
    expect((await list(olga, '?search=198.51')).data.map((server) => server.id)).toEqual([privateOne.id]);
    expect((await list(olga, '?search=db_')).data.map((server) => server.id)).toEqual([privateOne.id]);
    expect((await list(olga, '?search=%25')).data).toEqual([]);
    expect((await list(olga, '?search=_')).data.map((server) => server.id)).toEqual([privateOne.id]);
    expect((await olga.api.get(`/api/servers?search=${'x'.repeat(256)}`)).statusCode).toBe(422);
    expect((await olga.api.get('/api/servers?itemsPerPage=1000')).statusCode).toBe(422);
  });

  it('never answers sealed credentials or the host key, in lists or single servers', async () => {
    const { olga } = await scene();
    const password = 'root-password-Zq81!';
    const server = await createServerRecord(db(), test.panel.secretBox, {
      userId: olga.user.id,
      ip: '192.0.2.55',
      port: 22,
      password,
      name: 'sealed-one',
    });
    const fingerprint = 'SHA256:leakcheckFingerprintValue0123456789abcdefABCDEF';
    await db()
      .update(servers)
      .set({ hostKeyFingerprint: fingerprint, sealedPrivateKey: server.sealedPassword })
      .where(eq(servers.id, server.id));
    const bodies = [
      (await olga.api.get('/api/servers')).body,
      (await olga.api.get(`/api/servers/${server.id}`)).body,
      (await olga.api.get(`/api/servers?search=sealed`)).body,
      (await olga.api.post(`/api/servers/${server.id}/favorite`)).body,
    ];
    expect(bodies[0]).toContain('sealed-one');
    for (const body of bodies) {
      for (const secret of [password, server.sealedPassword!, fingerprint, 'SHA256:'])
        expect(body).not.toContain(secret);
      // Field names: `connect_method` may say "password" as a value, no field may hold one.
      expect(keysOf(JSON.parse(body))).not.toContainEqual(
        expect.stringMatching(/sealed|private|password|host_?key|ssh_user|public_key/i),
      );
    }
  });

  it('shows one server to those who may view it; 404 to anyone else', async () => {
    const { olga, ed, mallory, shared, privateOne } = await scene();
    const own = await olga.api.get(`/api/servers/${privateOne.id}`);
    expect(serverResponseSchema.parse(own.json()).data).toMatchObject({ id: privateOne.id, is_owner: true });
    expect((await ed.api.get(`/api/servers/${shared.id}`)).statusCode).toBe(200);
    for (const response of [
      await ed.api.get(`/api/servers/${privateOne.id}`),
      await mallory.api.get(`/api/servers/${shared.id}`),
      await mallory.api.post(`/api/servers/${shared.id}/favorite`),
      await olga.api.get('/api/servers/2000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ id: 'not_found', message: 'Not Found' });
    }
  });

  it('toggles the caller’s favourite, per user', async () => {
    const { olga, ed, shared } = await scene();
    const favorite = async (client: typeof ed, body?: unknown) => {
      const response = await client.api.post(`/api/servers/${shared.id}/favorite`, body);
      expect(response.statusCode, response.body).toBe(200);
      return favoriteResponseSchema.parse(response.json()).is_favorite;
    };
    expect(await favorite(ed)).toBe(true);
    expect((await list(ed)).data[0]!.is_favorite).toBe(true);
    expect((await list(olga)).data.find((server) => server.id === shared.id)!.is_favorite).toBe(false);
    expect(await favorite(ed)).toBe(false);
    expect(await favorite(ed, { is_favorite: true })).toBe(true);
    expect(await favorite(ed, { is_favorite: true })).toBe(true);
    const show = await ed.api.get(`/api/servers/${shared.id}`);
    expect(serverResponseSchema.parse(show.json()).data.is_favorite).toBe(true);
    expect((await ed.api.post(`/api/servers/${shared.id}/favorite`, { is_favorite: 'yes' })).statusCode).toBe(
      422,
    );
  });

  it('answers the sites list honestly empty until sites exist', async () => {
    const { olga } = await scene();
    const response = await olga.api.get('/api/sites?search=shop&itemsPerPage=5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], meta: { total: 0, per_page: 5, current_page: 1 } });
  });
});
