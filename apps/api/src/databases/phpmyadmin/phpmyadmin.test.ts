import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_IDS } from '@hostdeck/contracts';
import { databaseUsers as databaseUserRows, events, sites } from '../../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../../policy/testing/policy-fixtures.js';
import type { RemoteExecutor, RunOptions } from '../../remote/remote-executor.js';
import { SECRET_PURPOSE } from '../../servers/server-connection.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { availableTestDatabases } from '../../testing/test-databases.js';
import { eq } from '../../testing/sql.js';
import { PHPMYADMIN_MESSAGES } from '@hostdeck/contracts/phpmyadmin';
import { DATABASE_PASSWORD_PURPOSE } from '../database-events.js';
import type { PhpmyadminDatabaseUser } from './phpmyadmin.service.js';
import { databasesVi as phpmyadminVi } from '../databases.vi.js';

const [pglite] = await availableTestDatabases();

/** A step frame as the runner reads it: the environment pairs, then what follows the script. */
function readFrame(stdin: RunOptions['stdin']) {
  const buffer = Buffer.isBuffer(stdin) ? stdin : Buffer.from(String(stdin ?? ''));
  const environment: Record<string, string> = {};
  let start = 0;
  for (;;) {
    const end = buffer.indexOf(0, start);
    const entry = buffer.subarray(start, end).toString('utf8');
    start = end + 1;
    if (entry === '') break;
    const equals = entry.indexOf('=');
    environment[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return { environment, secret: buffer.subarray(buffer.indexOf(0, start) + 1) };
}

/**
 * The server in memory: records each recipe step it is asked to run (its environment, the bytes
 * on its stdin after the script and the command line), and answers success or `failure`.
 */
const runs: { environment: Record<string, string>; secret: string; command: string }[] = [];
let failure: string | null = null;
const executor: RemoteExecutor = {
  async connect() {
    return {
      hostKeyFingerprint: 'SHA256:fake',
      async close() {},
      async run(options) {
        const { environment, secret } = readFrame(options.stdin);
        runs.push({ environment, secret: secret.toString('utf8'), command: options.command });
        if (failure !== null) {
          options.onStdout?.(`::hostdeck::error::${failure}\n`);
          return { exitCode: 1, signal: null, durationMs: 1 };
        }
        return { exitCode: 0, signal: null, durationMs: 1 };
      },
    };
  },
};

const PASSWORD = `p'a"s s;$(id)\\ mật khẩu`;
/** Rows of database_users by a label of the test (7: a MariaDB user of the scene's server). */
const userIds = new Map<number, number>();
const id = (label: number) => userIds.get(label)!;

describe('phpMyAdmin messages', () => {
  it('have Vietnamese for every message, the event description and each step title', () => {
    for (const message of Object.values(PHPMYADMIN_MESSAGES)) expect(phpmyadminVi[message]).toBeTruthy();
    expect(phpmyadminVi['Install phpMyAdmin on {site}']).toBe('Cài đặt phpMyAdmin trên {site}');
    for (const title of [
      'Install phpMyAdmin',
      'Configure phpMyAdmin',
      'Serve phpMyAdmin on the site',
      'Prepare the phpMyAdmin sign-on',
    ]) {
      expect(phpmyadminVi[title], title).toBeTruthy();
    }
  });
});

describe('phpMyAdmin API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor });
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    runs.length = 0;
    failure = null;
    userIds.clear();
  });
  const db = () => test.database.db;

  /** A database_users row as the databases area keeps it (the password sealed, or unknown). */
  async function addUser(label: number, user: PhpmyadminDatabaseUser & { serverId: number }) {
    const [row] = await db()
      .insert(databaseUserRows)
      .values({
        serverId: user.serverId,
        type: user.type,
        name: user.name,
        host: user.type === 'postgresql' ? '' : 'localhost',
        sealedPassword:
          user.password === null ? null : test.panel.secretBox.seal(user.password, DATABASE_PASSWORD_PURPOSE),
      })
      .returning();
    userIds.set(label, row!.id);
  }

  /**
   * Olga owns a connected server shared with her team (Ed is an admin there: signing in to
   * phpMyAdmin as a database user is a secret, issue 22); Mallory is a stranger.
   */
  async function scene(values: Partial<typeof sites.$inferInsert> = {}) {
    const olga = await signIn(test, 'Olga Owner');
    const ed = await signIn(test, 'Ed Editor');
    const mallory = await signIn(test, 'Mallory');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'admin');
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
        name: 'shop.test',
        linuxUser: 'shoptest',
        phpVersion: '8.2',
        status: 'active',
        ...values,
      })
      .returning();
    await addUser(7, { serverId: server.id, type: 'mariadb', name: 'shop_user', password: PASSWORD });
    return { olga, ed, mallory, server, site: site!, base: `/api/sites/${site!.id}` };
  }

  it('installs phpMyAdmin on a site as an event', async () => {
    const { ed, base, site, server } = await scene({ phpVersion: null });
    const answer = await ed.api.post(`${base}/code/phpmyadmin`);
    expect(answer.statusCode, answer.body).toBe(201);
    const { id } = answer.json<{ data: { id: number } }>().data;
    const [event] = await db().select().from(events).where(eq(events.id, id));
    expect(event).toMatchObject({
      type: 'install_phpmyadmin',
      recipeId: 'phpmyadmin-install',
      serverId: server.id,
      siteId: site.id,
      descriptionId: 'installPhpmyadmin',
      descriptionValues: { site: 'shop.test' },
    });
    const input = JSON.parse(test.panel.secretBox.open(event!.sealedInput!, SECRET_PURPOSE.eventInput));
    // A site without PHP gets the server's default version for phpMyAdmin's own pool.
    expect(input).toEqual({ site: 'shop.test', web_server: 'nginx', php_version: '8.2' });
  });

  it('signs in with a single-use token: the server gets its hash and the password on stdin', async () => {
    const { ed, base } = await scene();
    const answer = await ed.api.post(`${base}/phpmyadmin/login`, { database_user: id(7) });
    expect(answer.statusCode, answer.body).toBe(200);
    const { url } = answer.json<{ data: { url: string } }>().data;
    const match = /^http:\/\/shop\.test\/hostdeck-signon\.php\?token=([A-Za-z0-9_-]{43})$/.exec(url);
    expect(match, url).not.toBeNull();
    const token = match![1]!;

    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run!.environment).toMatchObject({
      HD_RECIPE_ID: 'phpmyadmin-signon',
      HD_SITE: 'shop.test',
      HD_DATABASE_USER: 'shop_user',
      HD_TOKEN_HASH: createHash('sha256').update(token).digest('hex'),
    });
    expect(run!.secret).toBe(PASSWORD);
    // Neither the password nor the token is anywhere else the server or a log could see.
    expect(JSON.stringify(run!.environment)).not.toContain(token);
    expect(JSON.stringify(run!.environment)).not.toContain('mật khẩu');
    expect(run!.command).not.toContain('mật khẩu');
    expect(answer.body).not.toContain('mật khẩu');

    // A second call is a new token.
    const again = await ed.api.post(`${base}/phpmyadmin/login`, { database_user: id(7) });
    expect(again.json<{ data: { url: string } }>().data.url).not.toBe(url);
  });

  it('answers an https link when the site serves a certificate', async () => {
    const { olga, base, site } = await scene();
    const { certificates } = await import('../../database/schema.js');
    await db()
      .insert(certificates)
      .values({ siteId: site.id, type: 'letsencrypt', domains: ['shop.test'], active: true } as never);
    const answer = await olga.api.post(`${base}/phpmyadmin/login`, { database_user: id(7) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: { url: string } }>().data.url).toMatch(
      /^https:\/\/shop\.test\/hostdeck-signon/,
    );
  });

  it("refuses a stranger, another server's user, a user without a known password, and bad input", async () => {
    const { mallory, olga, base, server } = await scene();
    expect((await mallory.api.post(`${base}/phpmyadmin/login`, { database_user: id(7) })).statusCode).toBe(
      404,
    );
    expect((await mallory.api.post(`${base}/code/phpmyadmin`)).statusCode).toBe(404);
    const other = await insertServer(db(), mallory.user.id, { installed: true });
    await addUser(8, { serverId: other.id, type: 'mariadb', name: 'other', password: 'x' });
    expect((await olga.api.post(`${base}/phpmyadmin/login`, { database_user: id(8) })).statusCode).toBe(404);

    const serverId = server.id;
    await addUser(9, { serverId, type: 'mariadb', name: 'synced', password: null });
    const unknown = await olga.api.post(`${base}/phpmyadmin/login`, { database_user: id(9) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ message: string }>().message).toBe(PHPMYADMIN_MESSAGES.noPassword);
    // Its Vietnamese, which the databases area's messages carry (phpmyadmin.vi.ts).
    expect(phpmyadminVi[PHPMYADMIN_MESSAGES.noPassword]).toBe(
      'Bảng điều khiển không biết mật khẩu của người dùng cơ sở dữ liệu này; hãy đặt mật khẩu mới trước',
    );
    await addUser(10, { serverId, type: 'postgresql', name: 'pg_user2', password: 'x' });
    expect((await olga.api.post(`${base}/phpmyadmin/login`, { database_user: id(10) })).statusCode).toBe(422);

    for (const body of [
      {},
      { database_user: '7' },
      { database_user: id(7), user: 'root' },
      { database_user: -1 },
    ]) {
      const refused = await olga.api.post(`${base}/phpmyadmin/login`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json<{ id: string }>().id).toBe(ERROR_IDS.validation);
    }
    expect(runs).toEqual([]);
  });

  it('refuses a database user name its grammar refuses before anything runs (root included)', async () => {
    const { olga, base, server } = await scene();
    // Rows the grammar would never have let in, as if written by hand into the table.
    for (const [index, user] of ['root', '-oProxyCommand=x', 'a;id', 'a\nb'].entries()) {
      await addUser(20 + index, { serverId: server.id, type: 'mariadb', name: user, password: 'x' });
      const refused = await olga.api.post(`${base}/phpmyadmin/login`, { database_user: id(20 + index) });
      expect(refused.statusCode, user).toBe(422);
    }
    expect(runs).toEqual([]);
  });

  it("says the server's own message when the sign-on cannot be prepared", async () => {
    const { olga, base } = await scene();
    failure = 'phpMyAdmin is not installed on shop.test (recipe phpmyadmin-install)';
    const answer = await olga.api.post(`${base}/phpmyadmin/login`, { database_user: id(7) });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.body).toContain('phpMyAdmin is not installed on shop.test');
  });

  it('refuses an alias and a site that is not ready', async () => {
    const { olga, site, server } = await scene();
    const [alias] = await db()
      .insert(sites)
      .values({
        serverId: server.id,
        siteId: site.id,
        name: 'www.shop.test',
        linuxUser: 'shoptest',
        status: 'active',
      })
      .returning();
    expect((await olga.api.post(`/api/sites/${alias!.id}/code/phpmyadmin`)).statusCode).toBe(422);
    await db().update(sites).set({ status: 'creating' }).where(eq(sites.id, site.id));
    expect(
      (await olga.api.post(`/api/sites/${site.id}/phpmyadmin/login`, { database_user: id(7) })).statusCode,
    ).toBe(422);
  });
});
