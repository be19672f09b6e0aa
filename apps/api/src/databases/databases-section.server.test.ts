import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import {
  createDatabaseResponseSchema,
  createDatabaseUserResponseSchema,
  databaseSettingsResponseSchema,
  databaseUserListSchema,
  serverDatabaseListSchema,
  syncDatabasesResponseSchema,
} from '@hostdeck/contracts/databases';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * The databases section end to end on a booted Debian 12 server (the `web` image: MariaDB
 * running, PostgreSQL started for this test): databases and users made through the API are
 * usable by those users on the server, a read-only grant reads and cannot write, a sync finds what
 * was made and dropped by hand and changes nothing else, and the settings are read live.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'adbsec';

describe('databases section on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let base: string;

  /** Runs on the server; answers stdout, stderr and the exit code. */
  const onServer = (command: string[], input?: string) =>
    runOnTestServer(testServer, command, input === undefined ? {} : { input });
  const mustRun = async (command: string[], input?: string) => {
    const result = await onServer(command, input);
    expect(result.code, `${command.join(' ')}\n${result.stderr}`).toBe(0);
    return result.stdout.trim();
  };
  /** SQL as a MariaDB account, its password in the client's environment (never argv). */
  const asMariadbUser = (user: string, password: string, database: string, sql: string) =>
    onServer(['env', `MYSQL_PWD=${password}`, 'mariadb', '-N', '-B', '-u', user, database, '-e', sql]);
  /** SQL as a PostgreSQL role over TCP with its password (scram), the password in PGPASSWORD. */
  const asPostgresUser = (user: string, password: string, database: string, sql: string) =>
    onServer([
      'env',
      `PGPASSWORD=${password}`,
      'psql',
      '-h',
      '127.0.0.1',
      '-U',
      user,
      '-d',
      database,
      '-v',
      'ON_ERROR_STOP=1',
      '-At',
      '-c',
      sql,
    ]);

  /** The event, once finished; it must have passed. */
  const finished = async (eventId: number) => {
    const event = await waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, eventId));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: `event ${eventId}` },
    );
    expect(event.status, `${event.description}\n${event.errorReason ?? ''}\n${event.output}`).toBe(
      'FINISHED',
    );
    return event;
  };
  const started = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(201);
    return startedEventResponseSchema.parse(response.json()).data.id;
  };
  const databasesOf = async (type: string) =>
    serverDatabaseListSchema.parse((await api.get(`${base}/databases?type=${type}`)).json()).data;
  const usersOf = async (type: string) =>
    databaseUserListSchema.parse((await api.get(`${base}/database-users?type=${type}`)).json()).data;

  /** A database with its user (generated password), created through the API. */
  async function createDatabase(type: string, name: string, user: string) {
    const response = await api.post(`${base}/databases`, { type, name, user: { name: user } });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = createDatabaseResponseSchema.parse(response.json());
    const event = await finished(data.id);
    expect(event.output).not.toContain(data.password!);
    return { id: data.database.id, password: data.password! };
  }

  /** A second user with read-only access to `database`. */
  async function createReader(type: string, name: string, database: string) {
    const response = await api.post(`${base}/database-users`, { type, name });
    const { data } = createDatabaseUserResponseSchema.parse(response.json());
    expect(response.statusCode, response.body).toBe(201);
    await finished(data.id);
    await finished(
      started(await api.put(`${base}/database-users/${data.user.id}/grants`, { database, access: 'read' })),
    );
    return data.password!;
  }

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER, ['postgresql']);
    let serverId: number;
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
    base = `/api/servers/${serverId}`;
  });

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  it('creates a MariaDB database and user that work, and a read-only user that cannot write', async () => {
    const shop = await createDatabase('mariadb', 'a_shop', 'a_shop_user');
    const write = await asMariadbUser(
      'a_shop_user',
      shop.password,
      'a_shop',
      "CREATE TABLE items (id int PRIMARY KEY, label varchar(32)); INSERT INTO items VALUES (1, 'one'); SELECT count(*) FROM items;",
    );
    expect(write.code, write.stderr).toBe(0);
    expect(write.stdout.trim()).toBe('1');
    expect(await databasesOf('mariadb')).toEqual([
      expect.objectContaining({ name: 'a_shop', status: 'active', managed: true }),
    ]);
    expect(await usersOf('mariadb')).toEqual([
      expect.objectContaining({
        name: 'a_shop_user',
        host: 'localhost',
        grants: [{ database: 'a_shop', access: 'all' }],
        can_use: true,
      }),
    ]);

    const reader = await createReader('mariadb', 'a_reader', 'a_shop');
    const read = await asMariadbUser('a_reader', reader, 'a_shop', 'SELECT label FROM items');
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout.trim()).toBe('one');
    const refused = await asMariadbUser('a_reader', reader, 'a_shop', "INSERT INTO items VALUES (2, 'two')");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/denied/i);
    // The password never reached a command line or the environment of the scripts.
    expect(
      await mustRun(['bash', '-c', 'grep -rl -- "$1" /var/log /root 2>/dev/null || true', 'grep', reader]),
    ).toBe('');
  });

  it('creates a PostgreSQL database and user that work, and a read-only user that cannot write', async () => {
    const blog = await createDatabase('postgresql', 'a_blog', 'a_blog_user');
    const write = await asPostgresUser(
      'a_blog_user',
      blog.password,
      'a_blog',
      "CREATE TABLE posts (id int PRIMARY KEY, title text); INSERT INTO posts VALUES (1, 'hello'); SELECT count(*) FROM posts;",
    );
    expect(write.code, write.stderr).toBe(0);
    expect(write.stdout.trim().split('\n').at(-1)).toBe('1');
    expect(await usersOf('postgresql')).toEqual([
      expect.objectContaining({
        name: 'a_blog_user',
        host: '',
        grants: [{ database: 'a_blog', access: 'all' }],
      }),
    ]);

    const reader = await createReader('postgresql', 'a_pg_reader', 'a_blog');
    const read = await asPostgresUser('a_pg_reader', reader, 'a_blog', 'SELECT title FROM posts');
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout.trim()).toBe('hello');
    const refused = await asPostgresUser(
      'a_pg_reader',
      reader,
      'a_blog',
      "INSERT INTO posts VALUES (2, 'no')",
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/permission denied/i);
  });

  it('syncs: a database and a user made by hand appear; one dropped by hand is gone; nothing else changes', async () => {
    await mustRun([
      'mariadb',
      '-e',
      "CREATE DATABASE a_hand; CREATE USER 'a_hand_user'@'localhost' IDENTIFIED BY 'hand-made-pw-1'; GRANT SELECT ON a_hand.* TO 'a_hand_user'@'localhost';",
    ]);
    const serverBefore = await mustRun(['mariadb', '-N', '-B', '-e', 'SHOW DATABASES']);
    const sync = await api.post(`${base}/databases/sync`, { type: 'mariadb' });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(syncDatabasesResponseSchema.parse(sync.json()).data).toEqual({ added: 1, gone: 0, restored: 0 });
    expect(await databasesOf('mariadb')).toEqual([
      expect.objectContaining({ name: 'a_hand', status: 'active', managed: false }),
      expect.objectContaining({ name: 'a_shop', status: 'active', managed: true, size: expect.any(Number) }),
    ]);
    const users = await usersOf('mariadb');
    expect(users.find((user) => user.name === 'a_hand_user')).toMatchObject({
      host: 'localhost',
      managed: false,
      can_use: false,
      grants: [{ database: 'a_hand', access: 'read' }],
    });
    // A sync changes nothing on the server.
    expect(await mustRun(['mariadb', '-N', '-B', '-e', 'SHOW DATABASES'])).toBe(serverBefore);

    await mustRun(['mariadb', '-e', 'DROP DATABASE a_hand']);
    const listBefore = await databasesOf('mariadb');
    const usersBefore = await usersOf('mariadb');
    const again = await api.post(`${base}/databases/sync`, { type: 'mariadb' });
    expect(syncDatabasesResponseSchema.parse(again.json()).data).toEqual({ added: 0, gone: 1, restored: 0 });
    const listAfter = await databasesOf('mariadb');
    expect(listAfter.find((database) => database.name === 'a_hand')!.status).toBe('gone');
    const strip = <T extends { name: string; synced_at?: string | null }>(list: T[]) =>
      list.filter((row) => row.name !== 'a_hand').map((row) => ({ ...row, synced_at: null }));
    expect(strip(listAfter)).toEqual(strip(listBefore));
    // The user made by hand lost its grant with the database; every other user is as it was.
    const usersAfter = await usersOf('mariadb');
    expect(usersAfter.filter((user) => user.name !== 'a_hand_user')).toEqual(
      usersBefore.filter((user) => user.name !== 'a_hand_user'),
    );
    expect(await mustRun(['mariadb', '-N', '-B', '-e', "SHOW DATABASES LIKE 'a_shop'"])).toBe('a_shop');
  });

  it('reads the MariaDB settings from the server', async () => {
    const response = await api.get(`${base}/mysql?type=mariadb`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = databaseSettingsResponseSchema.parse(response.json());
    const live = await mustRun([
      'mariadb',
      '-N',
      '-B',
      '-e',
      'SELECT @@max_connections, @@innodb_buffer_pool_size',
    ]);
    expect(`${data.max_connections}\t${data.innodb_buffer_pool_size}`).toBe(live);
    expect(data.type).toBe('mariadb');
    expect(data.remote_access).toBe(!['127.0.0.1', 'localhost', '::1'].includes(data.bind_address));
  });
});
