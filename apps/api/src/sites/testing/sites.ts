import { eq } from '../../testing/sql.js';
import type { Database } from '../../database/database.js';
import { databases, events, sites } from '../../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../../policy/testing/policy-fixtures.js';
import { FAKE_HOST_KEY } from '../../servers/testing/fake-server.js';
import type { TestApp } from '../../testing/test-app.js';

/**
 * Test support (used by no production code). An installed server as provisioning leaves it
 * (nginx, PHP 8.2, MariaDB), inserted directly: events started on it stay PENDING in tests
 * without workers, which is what API tests of validation and access need.
 */
export async function insertInstalledServer(
  db: Database,
  userId: number,
  values: Parameters<typeof insertServer>[2] = {},
) {
  return insertServer(db, userId, {
    installed: true,
    status: 'INSTALLED',
    hostKeyFingerprint: FAKE_HOST_KEY,
    defaultPhp: '8.2',
    provision: {
      web_server: 'nginx',
      php_versions: ['8.2'],
      database: 'mariadb',
      default_linux_user: 'hostdeck',
      timezone: 'UTC',
    },
    ...values,
  });
}

/** Olga owns an installed server shared with her team, where Ed edits; Mallory is a stranger. */
export async function siteScene(test: TestApp) {
  const db = test.database.db;
  const olga = await signIn(test, 'Olga Owner');
  const ed = await signIn(test, 'Ed Editor');
  const mallory = await signIn(test, 'Mallory');
  const server = await insertInstalledServer(db, olga.user.id);
  const team = await insertTeam(db, olga.user.id);
  await insertMember(db, team.id, ed.user.id, 'developer');
  await insertShare(db, team.id, server.id);
  return { olga, ed, mallory, server };
}

export const readSite = async (db: Database, id: number) =>
  (await db.select().from(sites).where(eq(sites.id, id)))[0];
export const readEvent = async (db: Database, id: number) =>
  (await db.select().from(events).where(eq(events.id, id)))[0]!;
export const countRows = async (db: Database) => ({
  sites: (await db.select({ id: sites.id }).from(sites)).length,
  databases: (await db.select({ id: databases.id }).from(databases)).length,
  events: (await db.select({ id: events.id }).from(events)).length,
});
