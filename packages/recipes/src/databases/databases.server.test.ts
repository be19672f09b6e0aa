import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
  type RecipeRun,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';
import { parseStepLogLine } from '../progress.js';
import type { Recipe } from '../recipe.js';
import {
  databaseCreate,
  databaseDrop,
  databaseDump,
  databaseDumpDelete,
  databaseGrant,
  databaseInventory,
  databaseSettings,
  databaseSettingsApply,
  databaseUserCreate,
  databaseUserDrop,
  databaseUserPassword,
  parseDatabaseDumpOutput,
  parseDatabaseInventory,
  parseDatabaseSettings,
  toPasswordHex,
} from './index.js';

/**
 * The database recipes on a real Debian 12 server (the `web` image: MariaDB running, PostgreSQL
 * started here): each step built by the production builder and run over SSH as the job runner
 * runs it; then the server itself is checked with the engines' own clients, logging in as the
 * users the recipes made (password in the client's environment, over TCP on 127.0.0.1).
 */
const SERVER = 'rdb1';
let server: TestServer;
let session: RemoteSession;

beforeAll(async () => {
  server = await bootWebTestServer(SERVER, ['postgresql']);
  session = await connectToTestServer(server);
});
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

const run = (recipe: Recipe, input: unknown): Promise<RecipeRun> =>
  runRecipeOnSession(session, recipe, input);

/** Runs a recipe that must succeed; returns its `change` lines. */
async function succeed(recipe: Recipe, input: unknown): Promise<string[]> {
  const result = await run(recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return changesOf(result);
}

function changesOf(result: RecipeRun): string[] {
  return result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });
}

/** A bash script on the server (extra arguments are $1…). */
async function sh(script: string, ...args: string[]) {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args]);
  return { code: result.code, stdout: result.stdout.trim(), stderr: result.stderr };
}
async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await sh(script, ...args);
  expect(result.code, `${script}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

async function inventory(engine: string) {
  const result = await run(databaseInventory, { engine });
  expect(result.exitCode, result.output).toBe(0);
  return parseDatabaseInventory(result.stdout);
}

// Quotes, a backslash, a shell substitution, a percent and non-ASCII: only stdin can carry these.
const PASSWORD_1 = `p'a"s s;$(id)\\ mật khẩu %1`;
const PASSWORD_2 = 'Read-only `user` 2 ';
const PASSWORD_3 = "N3w p@ss'word";

interface Engine {
  engine: 'mariadb' | 'postgresql';
  /** Runs SQL as USER with PASSWORD over TCP on 127.0.0.1, in DATABASE. */
  client: string;
  /** The host of the two users (MySQL/MariaDB accounts have one). */
  host1?: string;
  host2?: string;
  /** SQL making a database and a user by hand, as the administrator. */
  byHand: string;
}

const MARIADB_CLIENT =
  'MYSQL_PWD=$1 mariadb --no-defaults --protocol=TCP -h 127.0.0.1 -u "$2" --batch --skip-column-names "$3" -e "$4"';
const PSQL_CLIENT =
  'PGPASSWORD=$1 psql --no-psqlrc -X -q -v ON_ERROR_STOP=1 -tA -h 127.0.0.1 -U "$2" -d "$3" -c "$4"';

const ENGINES: Engine[] = [
  {
    engine: 'mariadb',
    client: MARIADB_CLIENT,
    host1: '127.0.0.1',
    host2: '%',
    byHand: `mariadb -e "CREATE DATABASE handmade; CREATE USER 'handuser'@'localhost' IDENTIFIED BY 'x'"`,
  },
  {
    engine: 'postgresql',
    client: PSQL_CLIENT,
    byHand: `runuser -u postgres -- psql -qc "CREATE DATABASE handmade" -c "CREATE ROLE handuser LOGIN PASSWORD 'x'"`,
  },
];

describe.each(ENGINES)('database recipes on $engine', ({ engine, client, host1, host2, byHand }) => {
  const database = 'shop';
  const user1 = 'shop_owner';
  const user2 = 'shop_reader';
  const hostOf = (host: string | undefined) => (host === undefined ? {} : { host });
  const createInput = {
    engine,
    name: database,
    user: user1,
    ...hostOf(host1),
    password_hex: toPasswordHex(PASSWORD_1),
  };
  const asUser = (password: string, user: string, sql: string) => sh(client, password, user, database, sql);

  it('creates a database with its user, who can write to it', async () => {
    const changes = await succeed(databaseCreate, createInput);
    expect(changes.some((line) => line.startsWith('created the database shop'))).toBe(true);
    expect(changes.some((line) => line.startsWith(`created the database user ${user1}`))).toBe(true);
    const made = await asUser(
      PASSWORD_1,
      user1,
      engine === 'mariadb'
        ? 'CREATE TABLE items (id INT PRIMARY KEY, label VARCHAR(20)) ENGINE=InnoDB; INSERT INTO items VALUES (1, "one")'
        : "CREATE TABLE items (id INT PRIMARY KEY, label TEXT); INSERT INTO items VALUES (1, 'one')",
    );
    expect(made.code, made.stderr).toBe(0);
    expect((await asUser(PASSWORD_1, user1, 'SELECT COUNT(*) FROM items')).stdout).toBe('1');
  });

  it('changes nothing when the creation runs again', async () => {
    expect(await succeed(databaseCreate, createInput)).toEqual([]);
  });

  it('gives a second user read-only access: it can read and cannot write', async () => {
    const userInput = { engine, name: user2, ...hostOf(host2), password_hex: toPasswordHex(PASSWORD_2) };
    expect(await succeed(databaseUserCreate, userInput)).toEqual([
      `created the database user ${host2 === undefined ? user2 : `${user2}@${host2}`}`,
    ]);
    expect(await succeed(databaseUserCreate, userInput)).toEqual([]);
    const grant = { engine, user: user2, ...hostOf(host2), database, access: 'read' };
    expect(await succeed(databaseGrant, grant)).toHaveLength(1);
    expect(await succeed(databaseGrant, grant)).toEqual([]);
    const read = await asUser(PASSWORD_2, user2, 'SELECT label FROM items WHERE id = 1');
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toBe('one');
    const write = await asUser(PASSWORD_2, user2, "INSERT INTO items VALUES (2, 'two')");
    expect(write.code).not.toBe(0);
    expect(write.stderr).toMatch(/denied/i);
  });

  it('lists the database, the users, their grants and the size', async () => {
    const found = await inventory(engine);
    expect(found.engine).toMatchObject({ installed: true, active: true });
    expect(found.engine.version).toMatch(/^[0-9]+\./);
    const shop = found.databases.find((entry) => entry.name === database);
    expect(shop?.size).toBeGreaterThan(0);
    expect(shop?.owner).toBe(engine === 'postgresql' ? user1 : null);
    expect(found.users).toEqual(
      expect.arrayContaining([
        { name: user1, host: host1 ?? null },
        { name: user2, host: host2 ?? null },
      ]),
    );
    expect(found.grants).toEqual(
      expect.arrayContaining([
        { user: user1, host: host1 ?? null, database, access: 'all' },
        { user: user2, host: host2 ?? null, database, access: 'read' },
      ]),
    );
    // System databases and accounts are left out.
    const names = found.databases.map((entry) => entry.name);
    for (const system of [
      'mysql',
      'information_schema',
      'performance_schema',
      'sys',
      'postgres',
      'template1',
    ])
      expect(names).not.toContain(system);
    const users = found.users.map((entry) => entry.name);
    for (const system of ['root', 'mysql', 'postgres', 'debian-sys-maint'])
      expect(users).not.toContain(system);
  });

  it('changes a password: the old one is refused, the new one accepted', async () => {
    const input = { engine, name: user1, ...hostOf(host1), password_hex: toPasswordHex(PASSWORD_3) };
    expect(await succeed(databaseUserPassword, input)).toHaveLength(1);
    expect((await asUser(PASSWORD_1, user1, 'SELECT 1')).code).not.toBe(0);
    expect((await asUser(PASSWORD_3, user1, 'SELECT COUNT(*) FROM items')).stdout).toBe('1');
    expect(await succeed(databaseUserPassword, input)).toEqual([]);
    // Nothing of the password is ever printed.
    const result = await run(databaseUserPassword, { ...input, password_hex: toPasswordHex(PASSWORD_1) });
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).not.toContain(PASSWORD_1);
    expect(result.output).not.toContain(toPasswordHex(PASSWORD_1));
  });

  it('dumps the database into a root-only file of the dump folder, and deletes it', async () => {
    const result = await run(databaseDump, { engine, name: database });
    expect(result.exitCode, result.output).toBe(0);
    const dump = parseDatabaseDumpOutput(result.stdout);
    expect(dump?.file).toMatch(
      new RegExp(`^shop--[0-9]{8}T[0-9]{6}Z\\.${engine === 'mariadb' ? 'sql\\.gz' : 'dump'}$`),
    );
    const folder = `/var/backups/hostdeck/databases/${engine}`;
    const path = `${folder}/${dump!.file}`;
    expect(await onServer('stat -c "%a %U %s" -- "$1"', path)).toBe(`600 root ${dump!.size}`);
    expect(await onServer('stat -c "%a %U" -- "$1"', folder)).toBe('700 root');
    expect(await onServer('ls -A -- "$1" | grep -c hostdeck || true', folder)).toBe('0');
    expect(await onServer('grep -c -- "-mmin +180" /etc/cron.d/hostdeck-database-dumps')).toBe('1');
    if (engine === 'mariadb') {
      expect(await onServer('zcat -- "$1" | grep -c "INSERT INTO .items."', path)).toBe('1');
    } else {
      expect(await onServer('pg_restore --list -- "$1" | grep -c "TABLE DATA public items"', path)).toBe('1');
    }
    expect((await inventory(engine)).dumps).toEqual([
      { database, file: dump!.file, size: dump!.size, createdAt: expect.any(Number) as number },
    ]);
    const remove = { engine, file: dump!.file };
    expect(await succeed(databaseDumpDelete, remove)).toEqual([`deleted the dump ${dump!.file}`]);
    expect(await onServer('test -e "$1" && echo yes || echo no', path)).toBe('no');
    expect(await succeed(databaseDumpDelete, remove)).toEqual([]);
    expect((await inventory(engine)).dumps).toEqual([]);
  });

  it('lists a database and a user made by hand', async () => {
    await onServer(byHand);
    const found = await inventory(engine);
    expect(found.databases.map((entry) => entry.name)).toContain('handmade');
    expect(found.users.map((entry) => entry.name)).toContain('handuser');
  });

  it('revokes an access', async () => {
    const revoke = { engine, user: user2, ...hostOf(host2), database, access: 'none' };
    expect(await succeed(databaseGrant, revoke)).toHaveLength(1);
    expect(await succeed(databaseGrant, revoke)).toEqual([]);
    expect((await inventory(engine)).grants.filter((grant) => grant.user === user2)).toEqual([]);
    expect((await asUser(PASSWORD_2, user2, 'SELECT COUNT(*) FROM items')).code).not.toBe(0);
  });

  it('drops the database and keeps its users', async () => {
    expect(await succeed(databaseDrop, { engine, name: database })).toEqual([
      'dropped the database shop (its users are kept)',
    ]);
    expect(await succeed(databaseDrop, { engine, name: database })).toEqual([]);
    const found = await inventory(engine);
    expect(found.databases.map((entry) => entry.name)).not.toContain(database);
    expect(found.users.map((entry) => entry.name)).toEqual(expect.arrayContaining([user1, user2]));
    expect(found.grants.filter((grant) => grant.database === database)).toEqual([]);
  });

  it('drops a user', async () => {
    const input = { engine, name: user2, ...hostOf(host2) };
    expect(await succeed(databaseUserDrop, input)).toHaveLength(1);
    expect(await succeed(databaseUserDrop, input)).toEqual([]);
    expect((await inventory(engine)).users.map((entry) => entry.name)).not.toContain(user2);
  });
});

describe('MariaDB settings', () => {
  const settings = async () => {
    const result = await run(databaseSettings, { engine: 'mariadb' });
    expect(result.exitCode, result.output).toBe(0);
    return parseDatabaseSettings(result.stdout);
  };
  const MIB = 1024 * 1024;
  const good = {
    engine: 'mariadb',
    max_connections: 200,
    innodb_buffer_pool_size: 64 * MIB,
    bind_address: '127.0.0.1',
    remote_access: false,
  };
  const config = '/etc/mysql/mariadb.conf.d/99-hostdeck.cnf';

  it('reads the settings', async () => {
    expect(await settings()).toMatchObject({ bind_address: '127.0.0.1', remote_access: false });
  });

  it('applies good settings: the service runs with them', async () => {
    const changes = await succeed(databaseSettingsApply, good);
    expect(changes).toEqual([`wrote ${config}`, 'restarted mariadb with the new settings']);
    expect(await onServer('systemctl is-active mariadb')).toBe('active');
    expect(await settings()).toEqual({
      max_connections: 200,
      innodb_buffer_pool_size: 64 * MIB,
      bind_address: '127.0.0.1',
      remote_access: false,
    });
    expect(await succeed(databaseSettingsApply, good)).toEqual([]);
  });

  it('rolls back settings the server cannot start with', async () => {
    const before = await onServer('cat -- "$1"', config);
    // Valid for the grammar (1 TiB) but more than this machine has: InnoDB cannot start, and
    // mariadbd stops. (An address not of this server would not do: MariaDB binds it anyway,
    // with IP_FREEBIND.)
    const result = await run(databaseSettingsApply, {
      ...good,
      max_connections: 300,
      innodb_buffer_pool_size: 1024 * 1024 * MIB,
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.failedStep).toBe('apply');
    expect(result.stdout).toContain('the previous settings were restored');
    expect(await onServer('cat -- "$1"', config)).toBe(before);
    expect(await onServer('systemctl is-active mariadb')).toBe('active');
    expect(await settings()).toMatchObject({ max_connections: 200, innodb_buffer_pool_size: 64 * MIB });
  });

  it('listens on another local address after a restart', async () => {
    const started = await onServer('systemctl show -p ActiveEnterTimestampMonotonic --value mariadb');
    const result = await run(databaseSettingsApply, { ...good, bind_address: '::1', remote_access: true });
    // ::1 is valid: the server listens on IPv6 loopback only, and remote_access reads 0.
    expect(result.exitCode, result.output).toBe(0);
    expect(await settings()).toMatchObject({ bind_address: '::1', remote_access: false });
    expect(started).not.toBe(
      await onServer('systemctl show -p ActiveEnterTimestampMonotonic --value mariadb'),
    );
    await succeed(databaseSettingsApply, good);
  });
});
