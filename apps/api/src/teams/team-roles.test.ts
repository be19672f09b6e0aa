import { describe, expect, it } from 'vitest';
import { teamResponseSchema, teamRoleResponseSchema, teamRolesResponseSchema } from '@hostdeck/contracts';
import { sites } from '../database/schema.js';
import { insertServer, insertShare, signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { opsTeamScene } from './testing/teams.js';

/**
 * Custom roles (api/teams/{team}/roles) and member scopes (PUT api/teams/{team}/members/{user}
 * with servers and sites), issue 22 point 2.
 */
describe('team roles and scopes', () => {
  const { testApp, db } = useTestApp();

  it('creates, edits and deletes custom roles for team:update holders; others 403, strangers 404', async () => {
    const { olga, ada, ed, team } = await opsTeamScene(testApp());
    const mallory = await signIn(testApp(), 'Mallory');
    const base = `/api/teams/${team.id}/roles`;
    const body = { key: 'deployer', name: 'Deployer', permissions: ['server:view', 'server:operate'] };
    expect((await ed.api.post(base, body)).statusCode).toBe(403);
    expect((await mallory.api.post(base, body)).statusCode).toBe(404);
    expect((await mallory.api.get(base)).statusCode).toBe(404);
    const created = await ada.api.post(base, body);
    expect(created.statusCode).toBe(201);
    expect(teamRoleResponseSchema.parse(created.json()).data).toMatchObject({
      key: 'deployer',
      custom: true,
    });
    expect((await ada.api.post(base, body)).statusCode).toBe(422);
    expect((await ada.api.post(base, { ...body, key: 'admin' })).statusCode).toBe(422);
    expect((await ada.api.post(base, { ...body, permissions: ['server:everything'] })).statusCode).toBe(422);

    const listed = teamRolesResponseSchema.parse((await ed.api.get(base)).json()).data;
    expect(listed.map((role) => role.key)).toEqual(['deployer']);
    const info = teamResponseSchema.parse((await olga.api.get(`/api/teams/${team.id}`)).json()).data;
    expect(info.availableRoles.map((role) => role.key)).toEqual(['admin', 'developer', 'viewer', 'deployer']);

    expect((await mallory.api.put(`${base}/deployer`, { name: 'X', permissions: [] })).statusCode).toBe(404);
    const edited = await olga.api.put(`${base}/deployer`, { name: 'Deploys', permissions: ['server:view'] });
    expect(teamRoleResponseSchema.parse(edited.json()).data.permissions).toEqual(['server:view']);

    // Given to a member, the role cannot go; once nobody holds it, it can.
    expect(
      (await olga.api.put(`/api/teams/${team.id}/members/${ed.user.id}`, { role: 'deployer' })).statusCode,
    ).toBe(200);
    expect((await olga.api.delete(`${base}/deployer`)).statusCode).toBe(422);
    await olga.api.put(`/api/teams/${team.id}/members/${ed.user.id}`, { role: 'developer' });
    expect((await mallory.api.delete(`${base}/deployer`)).statusCode).toBe(404);
    expect((await olga.api.delete(`${base}/deployer`)).statusCode).toBe(204);
    expect(
      (await olga.api.put(`/api/teams/${team.id}/members/${ed.user.id}`, { role: 'deployer' })).statusCode,
    ).toBe(422);
  });

  it('a custom role grants exactly its permissions, in checks and in lists', async () => {
    const { olga, ed, team } = await opsTeamScene(testApp());
    const server = await insertServer(db(), olga.user.id, { name: 'custom-web' });
    await insertShare(db(), team.id, server.id);
    await olga.api.post(`/api/teams/${team.id}/roles`, {
      key: 'watcher',
      name: 'Watcher',
      permissions: ['server:view'],
    });
    await olga.api.put(`/api/teams/${team.id}/members/${ed.user.id}`, { role: 'watcher' });
    expect(JSON.stringify((await ed.api.get('/api/servers')).json())).toContain('custom-web');
    expect((await ed.api.get(`/api/servers/${server.id}`)).statusCode).toBe(200);
    expect((await ed.api.post(`/api/servers/${server.id}/services/nginx/restart`)).statusCode).toBe(403);
    expect((await ed.api.deleteWith(`/api/servers/${server.id}`, { name: 'custom-web' })).statusCode).toBe(
      403,
    );
  });

  it('limits a member to chosen servers and sites; ids not shared with the team answer 422', async () => {
    const { olga, ed, team } = await opsTeamScene(testApp());
    const a = await insertServer(db(), olga.user.id, { name: 'scope-a' });
    const b = await insertServer(db(), olga.user.id, { name: 'scope-b' });
    const own = await insertServer(db(), olga.user.id, { name: 'not-shared' });
    await insertShare(db(), team.id, a.id);
    await insertShare(db(), team.id, b.id);
    const [siteB] = await db()
      .insert(sites)
      .values({
        serverId: b.id,
        userId: olga.user.id,
        name: 'b.example.com',
        linuxUser: 'hostdeck',
        status: 'active',
      })
      .returning();
    const [otherSiteB] = await db()
      .insert(sites)
      .values({
        serverId: b.id,
        userId: olga.user.id,
        name: 'c.example.com',
        linuxUser: 'hostdeck',
        status: 'active',
      })
      .returning();
    const member = `/api/teams/${team.id}/members/${ed.user.id}`;
    expect((await olga.api.put(member, { role: 'developer', servers: [own.id] })).statusCode).toBe(422);

    const scoped = await olga.api.put(member, { role: 'developer', servers: [a.id], sites: [siteB!.id] });
    expect(scoped.statusCode).toBe(200);
    const info = teamResponseSchema.parse(scoped.json()).data;
    expect(info.users.find((user) => user.id === ed.user.id)).toMatchObject({
      servers: [a.id],
      sites: [siteB!.id],
    });
    // Server A whole; server B only viewed, and acted on only through its scoped site.
    expect((await ed.api.get(`/api/servers/${a.id}`)).statusCode).toBe(200);
    expect((await ed.api.get(`/api/servers/${b.id}`)).statusCode).toBe(200);
    expect((await ed.api.put(`/api/servers/${b.id}/name`, { name: 'renamed' })).statusCode).toBe(403);
    expect((await ed.api.get(`/api/sites/${otherSiteB!.id}`)).statusCode).toBe(404);
    expect((await ed.api.get(`/api/sites/${siteB!.id}`)).statusCode).toBe(200);
    const listedSites = JSON.stringify((await ed.api.get('/api/sites')).json());
    expect(listedSites).toContain('b.example.com');
    expect(listedSites).not.toContain('c.example.com');

    // Only server A now: B and its sites vanish (404).
    await olga.api.put(member, { role: 'developer', servers: [a.id], sites: [] });
    expect((await ed.api.get(`/api/servers/${b.id}`)).statusCode).toBe(404);
    expect((await ed.api.get(`/api/sites/${siteB!.id}`)).statusCode).toBe(404);
    expect(JSON.stringify((await ed.api.get('/api/servers')).json())).not.toContain('scope-b');

    // Empty lists lift the scope: every shared server again.
    await olga.api.put(member, { role: 'developer', servers: [], sites: [] });
    expect((await ed.api.get(`/api/servers/${b.id}`)).statusCode).toBe(200);
  });
});
