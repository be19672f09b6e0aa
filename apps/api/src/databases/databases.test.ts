import { eq } from '../testing/sql.js';
import { describe, expect, it } from 'vitest';
import { errorResponseSchema, hasControlCharacters, startedEventResponseSchema } from '@hostdeck/contracts';
import {
  DATABASE_MESSAGES,
  changeDatabaseUserPasswordResponseSchema,
  createDatabaseResponseSchema,
  createDatabaseUserResponseSchema,
  databaseImportResponseSchema,
  databaseSettingsResponseSchema,
  databaseUserListSchema,
  downloadDatabaseDumpResponseSchema,
  serverDatabaseListSchema,
  syncDatabasesResponseSchema,
} from '@hostdeck/contracts/databases';
import { describeInjectionPayload, SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { FAKE_ROOT_PASSWORD, keysOf } from '../servers/testing/fake-server.js';
import { createRecordingFakeServer, useFakeServerApp, waitForEvent } from '../testing/fake-server-app.js';
import { databases, databaseUsers, events, servers } from '../database/schema.js';
import {
  insertMember,
  insertShare,
  insertTeam,
  signIn,
  useTestApp,
} from '../policy/testing/policy-fixtures.js';
import { insertInstalledServer } from '../sites/testing/sites.js';

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
    await insertMember(db(), team.id, editor.user.id, 'developer');
    await insertShare(db(), team.id, server.id);
    const importUrl = (serverId: number, databaseId: number) =>
      `/api/servers/${serverId}/databases/${databaseId}/import`;
    return { olga, mallory, editor, server, other, shop: shop!, blog: blog!, importUrl };
  }

  it("lists a server's databases (id, type, name) to those who see the server, 404 to others", async () => {
    const { olga, mallory, editor, server, shop } = await scene();
    const listed = await olga.api.get(`/api/servers/${server.id}/databases`);
    expect(listed.statusCode, listed.body).toBe(200);
    const listedData = serverDatabaseListSchema.parse(listed.json()).data;
    expect(listedData).toHaveLength(1);
    expect(listedData[0]).toMatchObject({ id: shop.id, type: 'mariadb', name: 'shop', status: 'active' });
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

  it('keeps a new password sealed in the event input, marks the rows creating/deleting, and refuses changes meanwhile', async () => {
    const { olga, server } = await scene();
    const base = `/api/servers/${server.id}`;
    const response = await olga.api.post(`${base}/databases`, {
      type: 'mariadb',
      name: 'fresh',
      user: { name: 'fresh_user' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = createDatabaseResponseSchema.parse(response.json());
    const password = data.password!;
    const [row] = await db().select().from(events).where(eq(events.id, data.id));
    expect(row!.status).toBe('PENDING');
    expect(row!.sealedInput).not.toContain(password);
    expect(row!.sealedInput).not.toContain(Buffer.from(password).toString('hex'));
    const input = JSON.parse(
      testApp().panel.secretBox.open(row!.sealedInput!, SECRET_PURPOSE.eventInput),
    ) as Record<string, unknown>;
    expect(input).toEqual({
      engine: 'mariadb',
      name: 'fresh',
      user: 'fresh_user',
      host: 'localhost',
      password_hex: Buffer.from(password).toString('hex'),
    });
    const url = `${base}/databases/${data.database.id}`;
    // Creating: no other change until its event ends (409), in the caller's language.
    expect((await olga.api.deleteWith(url, { name: 'fresh' })).statusCode).toBe(409);
    const busy = await olga.api.post(`${url}/backup`, undefined, 'vi');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ message: 'Hãy đợi thay đổi đang chạy của mục này kết thúc' });
    // The create, cancelled before it started, removes what it was creating.
    expect((await olga.api.post(`/api/events/${data.id}/cancel`)).statusCode).toBe(200);
    expect(await db().select().from(databases).where(eq(databases.id, data.database.id))).toEqual([]);
    expect(await db().select().from(databaseUsers).where(eq(databaseUsers.name, 'fresh_user'))).toEqual([]);

    // A pending delete that is cancelled leaves the database active again.
    const [kept] = await db()
      .insert(databases)
      .values({ serverId: server.id, type: 'mariadb', name: 'kept' })
      .returning();
    const deleting = await olga.api.deleteWith(`${base}/databases/${kept!.id}`, { name: 'kept' });
    expect(deleting.statusCode, deleting.body).toBe(201);
    const deleteEvent = startedEventResponseSchema.parse(deleting.json()).data.id;
    const statusOf = async () =>
      (await db().select().from(databases).where(eq(databases.id, kept!.id)))[0]!.status;
    expect(await statusOf()).toBe('deleting');
    expect((await olga.api.post(`/api/events/${deleteEvent}/cancel`)).statusCode).toBe(200);
    expect(await statusOf()).toBe('active');
  });

  it('refuses a server without its agent (422, in the caller language)', async () => {
    const { olga, server, shop, importUrl } = await scene();
    await db().update(servers).set({ agentVersion: null }).where(eq(servers.id, server.id));
    const response = await olga.api.post(importUrl(server.id, shop.id), { path: '/root/dump.sql' }, 'vi');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Agent chưa được cài đặt trên máy chủ này' });
  });
});

/** What the fake server prints for the engine's inventory (scripts/databases/inventory.sh). */
const inventory = { lines: [] as string[] };
const SETTINGS_OUTPUT = [
  'setting\tmax_connections\t151',
  'setting\tinnodb_buffer_pool_size\t134217728',
  'setting\tbind_address\t127.0.0.1',
  'setting\tremote_access\t0',
  '',
].join('\n');

/**
 * The databases and users API with job workers against the in-memory server: each change is a
 * `database_*` recipe event, and the rows settle when it ends, passed or failed.
 */
describe('server databases and users, run by the workers', () => {
  const recording = createRecordingFakeServer({
    failStep: (run) => run.onStderr?.('ERROR 1396 (HY000): Operation failed\n'),
    beforeStep: (step, run) => {
      if (step.recipe === 'database-inventory') run.onStdout?.(`${inventory.lines.join('\n')}\n`);
      if (step.recipe === 'database-settings') run.onStdout?.(SETTINGS_OUTPUT);
      if (step.recipe === 'database-dump') run.onStdout?.('dump\tshop--20261127T150000Z.sql.gz\t4096\n');
    },
  });
  const { testApp, db } = useFakeServerApp(recording);
  let serverCount = 0;

  async function scene() {
    const olga = await signIn(testApp(), 'Olga Owner');
    const mallory = await signIn(testApp(), 'Mallory');
    serverCount += 1;
    const server = await insertInstalledServer(db(), olga.user.id, {
      name: `db-${serverCount}`,
      ip: `203.0.113.${100 + serverCount}`,
      agentVersion: 22,
      sealedPassword: testApp().panel.secretBox.seal(FAKE_ROOT_PASSWORD, SECRET_PURPOSE.password),
    });
    const base = `/api/servers/${server.id}`;
    return { olga, mallory, server, base };
  }

  const eventRow = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;
  const databaseRow = async (id: number) =>
    (await db().select().from(databases).where(eq(databases.id, id)))[0];
  const userRow = async (id: number) =>
    (await db().select().from(databaseUsers).where(eq(databaseUsers.id, id)))[0];
  const eventCount = async () => (await db().select({ id: events.id }).from(events)).length;
  const openPassword = (sealed: string | null | undefined) =>
    testApp().panel.secretBox.open(sealed!, 'databases.password');
  const started = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(201);
    return startedEventResponseSchema.parse(response.json()).data.id;
  };

  it('creates a database with a user: a generated password once, sealed, on stdin only; rows settle active', async () => {
    const { olga, base } = await scene();
    const response = await olga.api.post(`${base}/databases`, {
      type: 'mariadb',
      name: 'shop',
      user: { name: 'shop_user', host: '%' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = createDatabaseResponseSchema.parse(response.json());
    expect(data.password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(data.database).toMatchObject({ name: 'shop', type: 'mariadb', status: 'creating', managed: true });
    const password = data.password!;
    const hex = Buffer.from(password).toString('hex');

    const stored = await eventRow(data.id);
    expect(stored).toMatchObject({
      type: 'database_create',
      modelId: data.database.id,
      modelType: 'database',
    });
    // Sealed while it runs (checked without workers above), cleared once it ended.
    expect(stored.sealedInput ?? '').not.toContain(password);
    expect(stored.sealedInput ?? '').not.toContain(hex);
    const event = await waitForEvent(db(), data.id);
    expect(event.status, event.output).toBe('FINISHED');
    expect(event.output).not.toContain(password);
    expect(event.sealedInput).toBeNull();
    // The password went as bytes after the frame, never among the environment pairs.
    const step = recording.steps.find((recorded) => recorded.recipe === 'database-create')!;
    const frame = step.stdin.toString('utf8');
    expect(frame).toContain('HD_DATABASE_NAME=shop\0');
    expect(frame).toContain('HD_DATABASE_HOST=%\0');
    expect(frame.endsWith(password)).toBe(true);
    expect(frame.slice(0, frame.length - password.length)).not.toContain(password);
    expect(frame).not.toContain(hex);

    expect(await databaseRow(data.database.id)).toMatchObject({ status: 'active', managed: true });
    const users = databaseUserListSchema.parse(
      (await olga.api.get(`${base}/database-users?type=mariadb`)).json(),
    );
    expect(users.data).toEqual([
      {
        id: expect.any(Number),
        type: 'mariadb',
        name: 'shop_user',
        host: '%',
        grants: [{ database: 'shop', access: 'all' }],
        status: 'active',
        managed: true,
        can_use: true,
      },
    ]);
    expect(openPassword((await userRow(users.data[0]!.id))!.sealedPassword)).toBe(password);
    // No GET answers a password.
    for (const url of [`${base}/databases`, `${base}/databases?type=mariadb`, `${base}/database-users`]) {
      const listed = await olga.api.get(url);
      expect(listed.body).not.toContain(password);
      expect(keysOf(listed.json())).not.toContain('password');
    }

    // A password the caller gave is not answered back; PostgreSQL users have no host.
    const given = await olga.api.post(`${base}/databases`, {
      type: 'postgresql',
      name: 'blog',
      user: { name: 'blog_user', password: 'correct horse battery' },
    });
    expect(given.statusCode, given.body).toBe(201);
    const givenData = createDatabaseResponseSchema.parse(given.json()).data;
    expect(givenData.password).toBeUndefined();
    expect(given.body).not.toContain('correct horse battery');
    expect((await waitForEvent(db(), givenData.id)).status).toBe('FINISHED');
    const pg = databaseUserListSchema.parse(
      (await olga.api.get(`${base}/database-users?type=postgresql`)).json(),
    );
    expect(pg.data[0]).toMatchObject({
      name: 'blog_user',
      host: '',
      grants: [{ database: 'blog', access: 'all' }],
    });
    const pgFrame = recording.steps.filter((recorded) => recorded.recipe === 'database-create')[1]!.stdin;
    expect(pgFrame.toString('utf8').split('\0\0')[0]).not.toContain('HD_DATABASE_HOST=');
  });

  it('removes the rows of a create that failed, and of one cancelled before it started', async () => {
    const { olga, base } = await scene();
    recording.failing.add('database-create/create');
    const response = await olga.api.post(`${base}/databases`, {
      type: 'mariadb',
      name: 'broken',
      user: { name: 'broken_user' },
    });
    const { data } = createDatabaseResponseSchema.parse(response.json());
    expect((await waitForEvent(db(), data.id)).status).toBe('ERROR');
    expect(await databaseRow(data.database.id)).toBeUndefined();
    const users = await db().select().from(databaseUsers).where(eq(databaseUsers.name, 'broken_user'));
    expect(users).toEqual([]);
    // The same name can be created again.
    recording.failing.clear();
    const again = await olga.api.post(`${base}/databases`, { type: 'mariadb', name: 'broken' });
    expect((await waitForEvent(db(), started(again))).status).toBe('FINISHED');
  });

  it('deletes a database only when its name is typed; success removes it and its grants, failure keeps it', async () => {
    const { olga, base } = await scene();
    const created = createDatabaseResponseSchema.parse(
      (
        await olga.api.post(`${base}/databases`, {
          type: 'mariadb',
          name: 'shop',
          user: { name: 'shop_user' },
        })
      ).json(),
    ).data;
    await waitForEvent(db(), created.id);
    const url = `${base}/databases/${created.database.id}`;
    const before = await eventCount();
    const mismatch = await olga.api.deleteWith(url, { name: 'shop2' });
    expect(mismatch.statusCode).toBe(422);
    expect(errorResponseSchema.parse(mismatch.json()).errors).toEqual({
      name: [DATABASE_MESSAGES.nameMismatch],
    });
    const vietnamese = await olga.api.deleteWith(url, { name: 'Shop' }, 'vi');
    expect(vietnamese.json()).toMatchObject({ errors: { name: ['Hãy nhập tên cơ sở dữ liệu để xóa nó'] } });
    expect(await eventCount()).toBe(before);

    recording.failing.add('database-drop/drop');
    const failed = started(await olga.api.deleteWith(url, { name: 'shop' }));
    expect((await waitForEvent(db(), failed)).status).toBe('ERROR');
    expect((await databaseRow(created.database.id))!.status).toBe('active');

    recording.failing.clear();
    const deleted = started(await olga.api.deleteWith(url, { name: 'shop' }));
    expect((await waitForEvent(db(), deleted)).status).toBe('FINISHED');
    expect(await databaseRow(created.database.id)).toBeUndefined();
    const users = databaseUserListSchema.parse((await olga.api.get(`${base}/database-users`)).json()).data;
    // The user stays, without the grant on the dropped database.
    expect(users).toEqual([expect.objectContaining({ name: 'shop_user', grants: [], status: 'active' })]);
  });

  it('creates, changes the password of, grants and deletes a user; each settles on success and on failure', async () => {
    const { olga, base } = await scene();
    await waitForEvent(
      db(),
      started(await olga.api.post(`${base}/databases`, { type: 'mariadb', name: 'shop' })),
    );

    recording.failing.add('database-user-create/create');
    const failedCreate = createDatabaseUserResponseSchema.parse(
      (await olga.api.post(`${base}/database-users`, { type: 'mariadb', name: 'app' })).json(),
    ).data;
    expect((await waitForEvent(db(), failedCreate.id)).status).toBe('ERROR');
    expect(await userRow(failedCreate.user.id)).toBeUndefined();
    recording.failing.clear();

    const response = await olga.api.post(`${base}/database-users`, {
      type: 'mariadb',
      name: 'app',
      host: '192.0.2.7',
      password: 'first-password-1',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = createDatabaseUserResponseSchema.parse(response.json()).data;
    expect(created.password).toBeUndefined();
    expect(created.user).toMatchObject({ name: 'app', host: '192.0.2.7', status: 'creating', can_use: true });
    expect((await waitForEvent(db(), created.id)).status).toBe('FINISHED');
    expect((await userRow(created.user.id))!.status).toBe('active');
    const userUrl = `${base}/database-users/${created.user.id}`;
    // The same account again is refused.
    const twice = await olga.api.post(`${base}/database-users`, {
      type: 'mariadb',
      name: 'app',
      host: '192.0.2.7',
    });
    expect(twice.statusCode).toBe(422);

    // Password: the old one stays when the server refused the new one.
    recording.failing.add('database-user-password/password');
    const refused = await olga.api.put(`${userUrl}/password`, { password: 'second-password-2' });
    expect(refused.json()).toEqual({ data: { id: expect.any(Number) } });
    expect((await waitForEvent(db(), started(refused))).status).toBe('ERROR');
    expect(openPassword((await userRow(created.user.id))!.sealedPassword)).toBe('first-password-1');
    expect((await userRow(created.user.id))!.pendingSealedPassword).toBeNull();
    recording.failing.clear();
    const changed = await olga.api.put(`${userUrl}/password`, {});
    const changedData = changeDatabaseUserPasswordResponseSchema.parse(changed.json()).data;
    expect(changedData.password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await eventRow(changedData.id)).sealedInput ?? '').not.toContain(changedData.password);
    expect((await waitForEvent(db(), changedData.id)).status).toBe('FINISHED');
    expect(openPassword((await userRow(created.user.id))!.sealedPassword)).toBe(changedData.password);

    // Grants: read, then failed all (unchanged), then revoke.
    const grant = (access: string) => olga.api.put(`${userUrl}/grants`, { database: 'shop', access });
    expect((await waitForEvent(db(), started(await grant('read')))).description).toBe(
      'Give app read-only access to the database shop',
    );
    expect((await userRow(created.user.id))!.grants).toEqual([{ database: 'shop', access: 'read' }]);
    recording.failing.add('database-grant/grant');
    expect((await waitForEvent(db(), started(await grant('all')))).status).toBe('ERROR');
    expect((await userRow(created.user.id))!.grants).toEqual([{ database: 'shop', access: 'read' }]);
    recording.failing.clear();
    await waitForEvent(db(), started(await grant('none')));
    expect((await userRow(created.user.id))!.grants).toEqual([]);
    const unknown = await olga.api.put(`${userUrl}/grants`, { database: 'nowhere', access: 'all' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { database: [DATABASE_MESSAGES.databaseNotOnServer] } });

    // Delete: failure keeps it active, success removes it.
    recording.failing.add('database-user-drop/drop');
    expect((await waitForEvent(db(), started(await olga.api.delete(userUrl)))).status).toBe('ERROR');
    expect((await userRow(created.user.id))!.status).toBe('active');
    recording.failing.clear();
    expect((await waitForEvent(db(), started(await olga.api.delete(userUrl)))).status).toBe('FINISHED');
    expect(await userRow(created.user.id)).toBeUndefined();
  });

  it('backs up a database, lists the dump, deletes it, and signs a download link for its dumps only', async () => {
    const { olga, base, server } = await scene();
    const created = createDatabaseResponseSchema.parse(
      (await olga.api.post(`${base}/databases`, { type: 'mariadb', name: 'shop' })).json(),
    ).data;
    await waitForEvent(db(), created.id);
    const url = `${base}/databases/${created.database.id}`;
    expect((await waitForEvent(db(), started(await olga.api.post(`${url}/backup`)))).status).toBe('FINISHED');
    const listed = serverDatabaseListSchema.parse((await olga.api.get(`${base}/databases`)).json()).data;
    expect(listed[0]!.dumps).toEqual([
      { file: 'shop--20261127T150000Z.sql.gz', size: 4096, created_at: expect.any(String) },
    ]);

    const download = await olga.api.post(`${url}/download`, { file: 'shop--20261127T150000Z.sql.gz' });
    expect(download.statusCode, download.body).toBe(200);
    const link = new URL(downloadDatabaseDumpResponseSchema.parse(download.json()).data.url);
    expect(link.pathname).toBe('/files/download');
    expect(link.searchParams.get('path')).toBe(
      '/var/backups/hostdeck/databases/mariadb/shop--20261127T150000Z.sql.gz',
    );
    expect(link.hostname).toBe(server.ip);
    for (const file of [
      'blog--20261127T150000Z.sql.gz',
      '../shop--20261127T150000Z.sql.gz',
      'shop.sql',
      '/etc/passwd',
    ]) {
      const refused = await olga.api.post(`${url}/download`, { file });
      expect(refused.statusCode, file).toBe(422);
    }
    const foreign = await olga.api.delete(
      `${url}/backups/${encodeURIComponent('blog--20261127T150000Z.sql.gz')}`,
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ errors: { file: [DATABASE_MESSAGES.dumpNotFound] } });

    const removed = started(await olga.api.delete(`${url}/backups/shop--20261127T150000Z.sql.gz`));
    expect((await waitForEvent(db(), removed)).status).toBe('FINISHED');
    expect((await databaseRow(created.database.id))!.dumps).toEqual([]);
    await db().update(servers).set({ agentVersion: null }).where(eq(servers.id, server.id));
    const noAgent = await olga.api.post(`${url}/download`, { file: 'shop--20261127T150000Z.sql.gz' });
    expect(noAgent.statusCode).toBe(422);
  });

  it('syncs: adds what was made by hand, marks what is missing gone, brings it back; runs no write recipe', async () => {
    const { olga, base } = await scene();
    const created = createDatabaseResponseSchema.parse(
      (
        await olga.api.post(`${base}/databases`, {
          type: 'mariadb',
          name: 'shop',
          user: { name: 'shop_user' },
        })
      ).json(),
    ).data;
    await waitForEvent(db(), created.id);
    recording.steps.length = 0;

    inventory.lines = [
      'engine\t1\t1\t10.11.6',
      'database\thandmade\t16384\t-',
      'user\thand_user\tlocalhost',
      'grant\thand_user\tlocalhost\thandmade\tread',
      'dump\thandmade\thandmade--20261127T140000Z.sql.gz\t512\t1795791000',
    ];
    const sync = await olga.api.post(`${base}/databases/sync`, { type: 'mariadb' });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(syncDatabasesResponseSchema.parse(sync.json()).data).toEqual({ added: 1, gone: 1, restored: 0 });
    const listed = serverDatabaseListSchema.parse(
      (await olga.api.get(`${base}/databases?type=mariadb`)).json(),
    ).data;
    expect(listed.map(({ name, status, managed, size }) => ({ name, status, managed, size }))).toEqual([
      { name: 'handmade', status: 'active', managed: false, size: 16384 },
      { name: 'shop', status: 'gone', managed: true, size: null },
    ]);
    expect(listed[0]!.dumps).toEqual([
      {
        file: 'handmade--20261127T140000Z.sql.gz',
        size: 512,
        created_at: new Date(1795791000 * 1000).toISOString(),
      },
    ]);
    expect(listed[0]!.synced_at).not.toBeNull();
    const users = databaseUserListSchema.parse(
      (await olga.api.get(`${base}/database-users?type=mariadb`)).json(),
    ).data;
    expect(
      users.map(({ name, host, status, managed, can_use, grants }) => ({
        name,
        host,
        status,
        managed,
        can_use,
        grants,
      })),
    ).toEqual([
      {
        name: 'hand_user',
        host: 'localhost',
        status: 'active',
        managed: false,
        can_use: false,
        grants: [{ database: 'handmade', access: 'read' }],
      },
      { name: 'shop_user', host: 'localhost', status: 'gone', managed: true, can_use: true, grants: [] },
    ]);

    // Back on the server: active again; the users' sync answers the users' counts.
    inventory.lines = [
      'engine\t1\t1\t10.11.6',
      'database\thandmade\t16384\t-',
      'database\tshop\t32768\t-',
      'user\thand_user\tlocalhost',
      'user\tshop_user\tlocalhost',
      'grant\tshop_user\tlocalhost\tshop\tall',
    ];
    const usersSync = await olga.api.post(`${base}/database-users/sync`, { type: 'mariadb' });
    expect(syncDatabasesResponseSchema.parse(usersSync.json()).data).toEqual({
      added: 0,
      gone: 0,
      restored: 1,
    });
    const again = serverDatabaseListSchema.parse(
      (await olga.api.get(`${base}/databases?type=mariadb`)).json(),
    ).data;
    expect(again.map(({ name, status, size }) => ({ name, status, size }))).toEqual([
      { name: 'handmade', status: 'active', size: 16384 },
      { name: 'shop', status: 'active', size: 32768 },
    ]);
    // A stopped engine lists nothing: the sync refuses rather than marking everything gone.
    inventory.lines = ['engine\t1\t0\t10.11.6'];
    const stopped = await olga.api.post(`${base}/databases/sync`, { type: 'mariadb' });
    expect(stopped.statusCode).toBe(422);
    expect(stopped.json()).toMatchObject({ message: DATABASE_MESSAGES.engineNotRunning });
    inventory.lines = ['engine\t0\t0\t-'];
    const missing = await olga.api.post(`${base}/database-users/sync`, { type: 'mariadb' }, 'vi');
    expect(missing.json()).toMatchObject({
      message: 'Hệ quản trị cơ sở dữ liệu này chưa được cài trên máy chủ',
    });
    expect((await databaseRow(created.database.id))!.status).toBe('active');
    // Only the read-only inventory ran, and no event was started by the syncs.
    expect(recording.ran()).toEqual(Array(4).fill('database-inventory/read'));
    expect((await db().select().from(events).where(eq(events.type, 'database_drop'))).length).toBe(0);
  });

  it('reads and applies the MySQL/MariaDB settings', async () => {
    const { olga, base } = await scene();
    const read = await olga.api.get(`${base}/mysql?type=mariadb`);
    expect(read.statusCode, read.body).toBe(200);
    expect(databaseSettingsResponseSchema.parse(read.json()).data).toEqual({
      type: 'mariadb',
      max_connections: 151,
      innodb_buffer_pool_size: 134217728,
      bind_address: '127.0.0.1',
      remote_access: false,
    });
    const body = {
      type: 'mariadb',
      max_connections: 300,
      innodb_buffer_pool_size: 268435456,
      bind_address: '0.0.0.0',
      remote_access: true,
    };
    const applied = await waitForEvent(db(), started(await olga.api.post(`${base}/mysql`, body)));
    expect(applied).toMatchObject({
      status: 'FINISHED',
      type: 'database_settings',
      description: 'Change the MariaDB settings',
    });
    const frame = recording.steps
      .find((step) => step.recipe === 'database-settings-apply')!
      .stdin.toString('utf8');
    expect(frame).toContain('HD_DATABASE_ENGINE=mariadb\0');
    for (const refused of [
      { ...body, max_connections: 5 },
      { ...body, innodb_buffer_pool_size: 1024 },
      { ...body, bind_address: '127.0.0.1; id' },
      { ...body, type: 'postgresql' },
    ]) {
      expect((await olga.api.post(`${base}/mysql`, refused)).statusCode, JSON.stringify(refused)).toBe(422);
    }
  });

  it("answers 404 for another user's server and for rows of another server, and starts nothing", async () => {
    const { olga, mallory, base } = await scene();
    const created = createDatabaseResponseSchema.parse(
      (
        await olga.api.post(`${base}/databases`, {
          type: 'mariadb',
          name: 'shop',
          user: { name: 'shop_user' },
        })
      ).json(),
    ).data;
    await waitForEvent(db(), created.id);
    const userId = databaseUserListSchema.parse((await olga.api.get(`${base}/database-users`)).json())
      .data[0]!.id;
    serverCount += 1;
    const second = await insertInstalledServer(db(), olga.user.id, {
      name: `db-${serverCount}`,
      ip: `203.0.113.${100 + serverCount}`,
      sealedPassword: testApp().panel.secretBox.seal(FAKE_ROOT_PASSWORD, SECRET_PURPOSE.password),
    });
    const before = await eventCount();
    const database = created.database.id;
    const file = 'shop--20261127T150000Z.sql.gz';
    const calls: [string, string, unknown?][] = [
      ['GET', `${base}/databases`],
      ['POST', `${base}/databases`, { type: 'mariadb', name: 'stolen' }],
      ['DELETE', `${base}/databases/${database}`, { name: 'shop' }],
      ['POST', `${base}/databases/sync`, { type: 'mariadb' }],
      ['POST', `${base}/databases/${database}/backup`],
      ['POST', `${base}/databases/${database}/download`, { file }],
      ['DELETE', `${base}/databases/${database}/backups/${file}`],
      ['POST', `${base}/databases/${database}/import`, { path: '/root/a.sql' }],
      ['GET', `${base}/database-users`],
      ['POST', `${base}/database-users`, { type: 'mariadb', name: 'stolen' }],
      ['POST', `${base}/database-users/sync`, { type: 'mariadb' }],
      ['PUT', `${base}/database-users/${userId}/password`, {}],
      ['PUT', `${base}/database-users/${userId}/grants`, { database: 'shop', access: 'all' }],
      ['DELETE', `${base}/database-users/${userId}`],
      ['GET', `${base}/mysql?type=mariadb`],
      [
        'POST',
        `${base}/mysql`,
        {
          type: 'mariadb',
          max_connections: 100,
          innodb_buffer_pool_size: 134217728,
          bind_address: '127.0.0.1',
          remote_access: false,
        },
      ],
    ];
    const call = (method: string, url: string, body?: unknown, api = mallory.api) =>
      method === 'GET'
        ? api.get(url)
        : method === 'POST'
          ? api.post(url, body)
          : method === 'PUT'
            ? api.put(url, body)
            : api.deleteWith(url, body ?? {});
    for (const [method, url, body] of calls) {
      expect((await call(method, url, body)).statusCode, `mallory ${method} ${url}`).toBe(404);
      // Olga's own rows named under her other server: not that server's.
      if (url.includes(`/databases/${database}`) || url.includes(`/database-users/${userId}`)) {
        const moved = url.replace(base, `/api/servers/${second.id}`);
        expect((await call(method, moved, body, olga.api)).statusCode, `olga ${method} ${moved}`).toBe(404);
      }
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses injection, option-injection and control-character payloads in every field with 422, starting nothing', async () => {
    const { olga, base, server } = await scene();
    const serverId = server.id;
    const created = createDatabaseResponseSchema.parse(
      (
        await olga.api.post(`${base}/databases`, {
          type: 'mariadb',
          name: 'shop',
          user: { name: 'shop_user' },
        })
      ).json(),
    ).data;
    await waitForEvent(db(), created.id);
    const userId = databaseUserListSchema.parse((await olga.api.get(`${base}/database-users`)).json())
      .data[0]!.id;
    const before = await eventCount();
    const rowsBefore = JSON.stringify([
      await db().select().from(databases).where(eq(databases.serverId, serverId)),
      await db().select().from(databaseUsers).where(eq(databaseUsers.id, userId)),
    ]);
    const problems: string[] = [];
    const expect422 = async (label: string, response: Promise<{ statusCode: number; body: string }>) => {
      const answer = await response;
      if (answer.statusCode !== 422)
        problems.push(`${label} answered ${answer.statusCode}: ${answer.body.slice(0, 100)}`);
    };
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const label = describeInjectionPayload(payload);
      await expect422(
        `database name ${label}`,
        olga.api.post(`${base}/databases`, { type: 'mariadb', name: payload }),
      );
      await expect422(
        `user name ${label}`,
        olga.api.post(`${base}/databases`, { type: 'mariadb', name: 'ok', user: { name: payload } }),
      );
      await expect422(
        `user host ${label}`,
        olga.api.post(`${base}/databases`, {
          type: 'mariadb',
          name: 'ok',
          user: { name: 'ok_user', host: payload },
        }),
      );
      await expect422(
        `new user ${label}`,
        olga.api.post(`${base}/database-users`, { type: 'mariadb', name: payload }),
      );
      await expect422(
        `new user host ${label}`,
        olga.api.post(`${base}/database-users`, { type: 'mariadb', name: 'ok_user', host: payload }),
      );
      await expect422(
        `grant database ${label}`,
        olga.api.put(`${base}/database-users/${userId}/grants`, { database: payload, access: 'all' }),
      );
      await expect422(
        `grant access ${label}`,
        olga.api.put(`${base}/database-users/${userId}/grants`, { database: 'shop', access: payload }),
      );
      await expect422(
        `type ${label}`,
        olga.api.post(`${base}/database-users`, { type: payload, name: 'ok_user' }),
      );
      await expect422(
        `download ${label}`,
        olga.api.post(`${base}/databases/${created.database.id}/download`, { file: payload }),
      );
      await expect422(
        `bind address ${label}`,
        olga.api.post(`${base}/mysql`, {
          type: 'mariadb',
          max_connections: 100,
          innodb_buffer_pool_size: 134217728,
          bind_address: payload,
          remote_access: true,
        }),
      );
      // Passwords may hold any printable character (they reach the server as bytes on stdin); a
      // control character, or a length outside 8-128, is refused.
      if (hasControlCharacters(payload) || payload.length < 8 || payload.length > 128) {
        await expect422(
          `password ${label}`,
          olga.api.post(`${base}/database-users`, { type: 'mariadb', name: 'ok_user', password: payload }),
        );
        await expect422(
          `new password ${label}`,
          olga.api.put(`${base}/database-users/${userId}/password`, { password: payload }),
        );
        await expect422(
          `create password ${label}`,
          olga.api.post(`${base}/databases`, {
            type: 'mariadb',
            name: 'ok',
            user: { name: 'ok_user', password: payload },
          }),
        );
      }
    }
    // A host for an engine without hosts, and an unknown field.
    await expect422(
      'postgresql host',
      olga.api.post(`${base}/database-users`, { type: 'postgresql', name: 'ok_user', host: 'localhost' }),
    );
    await expect422(
      'extra field',
      olga.api.post(`${base}/databases`, { type: 'mariadb', name: 'ok', extra: 1 }),
    );
    expect(problems).toEqual([]);
    expect(await eventCount()).toBe(before);
    expect(
      JSON.stringify([
        await db().select().from(databases).where(eq(databases.serverId, serverId)),
        await db().select().from(databaseUsers).where(eq(databaseUsers.id, userId)),
      ]),
    ).toBe(rowsBefore);
  });
});
