import { afterAll, beforeAll } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import { openDatabase, type Database, type DatabaseConnection } from '../../database/database.js';
import { servers, teamMembers, teams, teamServers } from '../../database/schema.js';
import { createSignedInUser } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { availableTestDatabases, type TestDatabase } from '../../testing/test-databases.js';

/**
 * A panel on a fresh PGlite database for the tests of one `describe` block: built before them and
 * closed after. Call it inside the block; the accessors answer once `beforeAll` has run.
 */
export function useTestApp() {
  let test: TestApp | undefined;
  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!);
  });
  afterAll(async () => test?.close());
  const testApp = () => test!;
  return { testApp, db: () => testApp().database.db };
}

/**
 * A fresh database of one kind, without a panel, for the tests of one `describe` block: opened
 * before them, closed and dropped after. Answers the accessor of its drizzle handle.
 */
export function useTestDatabase(database: TestDatabase) {
  let connection: DatabaseConnection | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    connection = await openDatabase(created.target);
  });
  afterAll(async () => {
    await connection?.close();
    await drop?.();
  });
  return () => connection!.db;
}

/**
 * Test data for access tests: servers without real credentials (nothing connects to them) and
 * teams built directly in the database, so each test states exactly who reaches what.
 */
export async function insertServer(
  db: Database,
  userId: number,
  values: Partial<typeof servers.$inferInsert> = {},
) {
  const [server] = await db
    .insert(servers)
    .values({ userId, name: 'web-1', ip: '203.0.113.10', ...values })
    .returning();
  return server!;
}

export async function insertTeam(db: Database, ownerId: number, name = 'Ops') {
  const [team] = await db.insert(teams).values({ userId: ownerId, name }).returning();
  return team!;
}

export async function insertMember(db: Database, teamId: number, userId: number, role: string) {
  await db.insert(teamMembers).values({ teamId, userId, role });
}

export async function insertShare(db: Database, teamId: number, serverId: number) {
  await db.insert(teamServers).values({ teamId, serverId });
}

/** The browser's calls for one signed-in user: session cookie plus the CSRF pair on changes. */
export async function apiAs(test: TestApp, sessionCookie: string) {
  const probe = await test.app.inject({ method: 'GET', url: '/api/health' });
  const csrf = probe.cookies.find((cookie) => cookie.name === CSRF_COOKIE)!.value;
  const headers = { cookie: `${sessionCookie}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, locale?: string) =>
    test.app.inject({
      method,
      url,
      headers: { ...headers, ...(locale ? { 'accept-language': locale } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    /** The session cookie and CSRF pair, for a call these helpers do not make (extra headers). */
    headers: () => ({ ...headers }),
    get: (url: string, locale?: string) => call('GET', url, undefined, locale),
    post: (url: string, body?: unknown, locale?: string) => call('POST', url, body, locale),
    put: (url: string, body?: unknown, locale?: string) => call('PUT', url, body, locale),
    delete: (url: string, locale?: string) => call('DELETE', url, undefined, locale),
    /** DELETE with a JSON body (a typed confirmation, such as the server's name). */
    deleteWith: (url: string, body: unknown, locale?: string) => call('DELETE', url, body, locale),
  };
}
export type ApiClient = Awaited<ReturnType<typeof apiAs>>;

/** A fresh signed-in user (verified email, personal team current) with their API client. */
export async function signIn(test: TestApp, name = 'Test User') {
  const { user, team, cookie } = await createSignedInUser(test.database.db, name);
  return { user, personal: team, api: await apiAs(test, cookie) };
}
export type SignedInUser = Awaited<ReturnType<typeof signIn>>;
