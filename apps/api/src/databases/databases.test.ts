import { eq } from '../testing/sql.js';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_MESSAGES,
  databaseImportResponseSchema,
  errorResponseSchema,
  serverDatabaseListSchema,
} from '@hostdeck/contracts';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { databases, events, servers } from '../database/schema.js';
import {
  insertMember,
  insertShare,
  insertTeam,
  signIn,
  useTestApp,
} from '../policy/policy-fixtures.testing.js';
import { insertInstalledServer } from '../sites/sites.testing.js';

/** The databases routes on a real PGlite panel without workers: events stay PENDING. */
describe('server databases API', () => {
  const { testApp, db } = useTestApp();

  /** Olga's server (agent installed) with a database; her second server with another; Mallory's own. */
  async function scene() {
    const olga = await signIn(testApp(), 'Olga Owner');
    const mallory = await signIn(testApp(), 'Mallory');
    const editor = await signIn(testApp(), 'Ed Editor');
    const server = await insertInstalledServer(db(), olga.user.id, { agentVersion: 22 });
    const other = await insertInstalledServer(db(), olga.user.id, { agentVersion: 22, name: 'web-2' });
    const [shop, blog] = await db()
      .insert(databases)
      .values([
        { serverId: server.id, type: 'mariadb', name: 'shop', username: 'shop' },
        { serverId: other.id, type: 'mariadb', name: 'blog', username: 'blog' },
      ])
      .returning();
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, editor.user.id, 'editor');
    await insertShare(db(), team.id, server.id);
    const importUrl = (serverId: number, databaseId: number) =>
      `/api/servers/${serverId}/databases/${databaseId}/import`;
    return { olga, mallory, editor, server, other, shop: shop!, blog: blog!, importUrl };
  }

  it("lists a server's databases (id, type, name) to those who see the server, 404 to others", async () => {
    const { olga, mallory, editor, server, shop } = await scene();
    const listed = await olga.api.get(`/api/servers/${server.id}/databases`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(serverDatabaseListSchema.parse(listed.json()).data).toEqual([
      { id: shop.id, type: 'mariadb', name: 'shop' },
    ]);
    expect(listed.body).not.toContain('username');
    expect((await editor.api.get(`/api/servers/${server.id}/databases`)).statusCode).toBe(200);
    expect((await mallory.api.get(`/api/servers/${server.id}/databases`)).statusCode).toBe(404);
  });

  it('starts an import_database event (201 with the event), the path sealed in its input', async () => {
    const { olga, server, shop, importUrl } = await scene();
    const path = '/home/hostdeck/dumps/shop 2024.sql.gz';
    const response = await olga.api.post(importUrl(server.id, shop.id), { path });
    expect(response.statusCode, response.body).toBe(201);
    const { data: event } = databaseImportResponseSchema.parse(response.json());
    expect(event).toMatchObject({
      type: 'import_database',
      server_id: server.id,
      model_id: shop.id,
      model_type: 'database',
      status: 'PENDING',
      is_finished: false,
    });
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    const input = JSON.parse(
      testApp().panel.secretBox.open(row!.sealedInput!, SECRET_PURPOSE.eventInput),
    ) as unknown;
    expect(input).toEqual({ database_id: shop.id, path, remove: false });
    expect(row!.recipeId).toBe('task:database-import');
  });

  it("answers 404 for another user's server and for a database of another server", async () => {
    const { olga, mallory, server, other, shop, blog, importUrl } = await scene();
    const before = (await db().select({ id: events.id }).from(events)).length;
    for (const [api, url] of [
      [mallory.api, importUrl(server.id, shop.id)],
      [olga.api, importUrl(server.id, blog.id)],
      [olga.api, importUrl(other.id, shop.id)],
      [olga.api, importUrl(server.id, 999_999)],
    ] as const) {
      const response = await api.post(url, { path: '/root/dump.sql' });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await db().select({ id: events.id }).from(events)).length).toBe(before);
  });

  it('lets a team member who manages the shared server import', async () => {
    const { editor, server, shop, importUrl } = await scene();
    const response = await editor.api.post(importUrl(server.id, shop.id), { path: '/root/dump.sql' });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a relative path, a control character, an over-long path and a bad remove (422)', async () => {
    const { olga, server, shop, importUrl } = await scene();
    const url = importUrl(server.id, shop.id);
    for (const path of [
      'dump.sql',
      '../dump.sql',
      '/root/a\0b.sql',
      '/root/a\nb.sql',
      `/${'a'.repeat(4096)}`,
    ]) {
      const response = await olga.api.post(url, { path });
      expect(response.statusCode, JSON.stringify(path)).toBe(422);
      expect(errorResponseSchema.parse(response.json()).errors?.path).toEqual([
        DATABASE_MESSAGES.absolutePath,
      ]);
    }
    expect((await olga.api.post(url, {})).json()).toMatchObject({ errors: { path: ['Required'] } });
    expect((await olga.api.post(url, { path: '/root/a.sql', remove: 'yes' })).json()).toMatchObject({
      errors: { remove: ['Invalid value'] },
    });
    expect((await olga.api.post(url, { path: '/root/a.sql', extra: 1 })).statusCode).toBe(422);
    const vietnamese = await olga.api.post(url, { path: 'dump.sql' }, 'vi');
    expect(vietnamese.json()).toMatchObject({ errors: { path: ['Đây phải là một đường dẫn tuyệt đối'] } });
  });

  it('refuses a server without its agent (422, in the caller language)', async () => {
    const { olga, server, shop, importUrl } = await scene();
    await db().update(servers).set({ agentVersion: null }).where(eq(servers.id, server.id));
    const response = await olga.api.post(importUrl(server.id, shop.id), { path: '/root/dump.sql' }, 'vi');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Agent chưa được cài đặt trên máy chủ này' });
  });
});
