import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLE_KEYS, type TeamPermission } from '@hostdeck/contracts';
import { sites, teamMembers, teamMemberScopes } from '../database/schema.js';
import { roleAllows } from '../policy/abilities.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
  type SignedInUser,
} from '../policy/testing/policy-fixtures.js';
import { authorizeRoute, routeNamesServer, routePermission } from '../policy/route-permission.js';
import { and, eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

/**
 * The role × route matrix (issue 22 point 2): every route of the app that names a `:server` or a
 * `:site`, called by a member of each built-in role of a team sharing the server, answers 403
 * exactly when the route's declared permission (policy/route-permission.ts) is one the role lacks,
 * and passes the route hook when the role holds it. A denied call is made over HTTP (the hook
 * answers before validation and before any handler, so nothing runs); an allowed one is checked
 * with the hook's own function, so no handler reaches for the fake server. A member limited to
 * server A gets 404 on every route of server B and of B's sites.
 */
describe('route permissions', () => {
  let test: TestApp;
  const members = {} as Record<(typeof TEAM_ROLE_KEYS)[number] | 'scoped', SignedInUser>;
  let olga: SignedInUser;
  const ids = { serverA: 0, serverB: 0, siteA: 0, siteB: 0 };

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!);
    const db = test.database.db;
    olga = await signIn(test, 'Olga Owner');
    const serverA = await insertServer(db, olga.user.id, { name: 'web-a', ip: '203.0.113.11' });
    const serverB = await insertServer(db, olga.user.id, { name: 'web-b', ip: '203.0.113.12' });
    const team = await insertTeam(db, olga.user.id, 'Agency');
    await insertShare(db, team.id, serverA.id);
    await insertShare(db, team.id, serverB.id);
    const site = async (serverId: number, name: string) =>
      (
        await db
          .insert(sites)
          .values({ serverId, userId: olga.user.id, name, linuxUser: 'hostdeck', status: 'active' })
          .returning()
      )[0]!;
    Object.assign(ids, {
      serverA: serverA.id,
      serverB: serverB.id,
      siteA: (await site(serverA.id, 'a.example.com')).id,
      siteB: (await site(serverB.id, 'b.example.com')).id,
    });
    for (const role of TEAM_ROLE_KEYS) {
      members[role] = await signIn(test, `Member ${role}`);
      await insertMember(db, team.id, members[role].user.id, role);
    }
    members.scoped = await signIn(test, 'Scoped Developer');
    await insertMember(db, team.id, members.scoped.user.id, 'developer');
    await db
      .update(teamMembers)
      .set({ scoped: true })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, members.scoped.user.id)));
    await db
      .insert(teamMemberScopes)
      .values({ teamId: team.id, userId: members.scoped.user.id, serverId: serverA.id });
  });
  afterAll(async () => test.close());

  const serverRoutes = () =>
    test.app.routeTable.filter(
      (route) => routeNamesServer(route.url) && !route.public && route.method !== 'HEAD',
    );

  function urlFor(url: string, server: number, site: number) {
    return url
      .replace(/:(\w+)/g, (_match, name: string) =>
        name === 'server' ? String(server) : name === 'site' ? String(site) : 'x1',
      )
      .replace('*', 'x');
  }

  function call(user: SignedInUser, method: string, url: string) {
    if (method === 'GET') return user.api.get(url);
    if (method === 'POST') return user.api.post(url, {});
    if (method === 'PUT') return user.api.put(url, {});
    if (method === 'DELETE') return user.api.deleteWith(url, {});
    return null;
  }

  const paramsOf = (url: string, server: number, site: number) =>
    Object.fromEntries(
      [...url.matchAll(/:(\w+)/g)].map(([, name]) => [
        name!,
        name === 'server' ? String(server) : name === 'site' ? String(site) : 'x1',
      ]),
    );

  it('answers 403 exactly when the role lacks the route’s declared permission', async () => {
    const routes = serverRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of routes) {
      const permission = routePermission(route.method, route.url);
      if (permission === 'none') continue;
      const url = urlFor(route.url, ids.serverA, ids.siteA);
      for (const role of TEAM_ROLE_KEYS) {
        const allowed = roleAllows(role, `server:${permission}` as TeamPermission);
        const key = `${role} ${route.method} ${route.url} (${permission})`;
        if (allowed) {
          const check = await authorizeRoute(
            test.database.db,
            members[role].user,
            route,
            paramsOf(route.url, ids.serverA, ids.siteA),
          ).then(
            () => 'passed',
            (error: Error) => error.name,
          );
          if (check !== 'passed') problems.push(`${key} refused (${check})`);
          continue;
        }
        const response = await call(members[role], route.method, url);
        if (response && response.statusCode !== 403) {
          problems.push(`${key} answered ${response.statusCode}`);
        }
      }
      // The server's owner passes every route.
      await authorizeRoute(
        test.database.db,
        olga.user,
        route,
        paramsOf(route.url, ids.serverA, ids.siteA),
      ).catch(() => problems.push(`owner ${route.method} ${route.url} refused`));
    }
    expect(problems).toEqual([]);
  });

  it('never lets a viewer change anything: every non-GET route answers 403, every DELETE too', async () => {
    const problems: string[] = [];
    let deletes = 0;
    for (const route of serverRoutes()) {
      if (route.method === 'GET' || routePermission(route.method, route.url) === 'none') continue;
      if (routePermission(route.method, route.url) === 'view') continue; // the caller's own favourite
      if (route.method === 'DELETE') deletes += 1;
      const response = await call(members.viewer, route.method, urlFor(route.url, ids.serverA, ids.siteA));
      if (response && response.statusCode !== 403) {
        problems.push(`${route.method} ${route.url} answered ${response.statusCode}`);
      }
    }
    expect(deletes).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('answers 404 to a member limited to server A on every route of server B and its sites', async () => {
    const problems: string[] = [];
    for (const route of serverRoutes()) {
      if (routePermission(route.method, route.url) === 'none') continue;
      const response = await call(members.scoped, route.method, urlFor(route.url, ids.serverB, ids.siteB));
      if (response && response.statusCode !== 404) {
        problems.push(`${route.method} ${route.url} answered ${response.statusCode}`);
      }
      // On server A the same member passes the hook wherever a developer does.
      const permission = routePermission(route.method, route.url);
      if (permission !== 'none' && roleAllows('developer', `server:${permission}` as TeamPermission)) {
        await authorizeRoute(
          test.database.db,
          members.scoped.user,
          route,
          paramsOf(route.url, ids.serverA, ids.siteA),
        ).catch(() => problems.push(`server A: ${route.method} ${route.url} refused`));
      }
    }
    expect(problems).toEqual([]);
    const list = await members.scoped.api.get('/api/servers');
    const listed = JSON.stringify(list.json());
    expect(listed).toContain('web-a');
    expect(listed).not.toContain('web-b');
  });
});
