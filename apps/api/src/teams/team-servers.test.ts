import { describe, expect, it } from 'vitest';
import { serverListSchema, teamResponseSchema, type RealtimeMessage } from '@hostdeck/contracts';
import { sites } from '../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
  useTestApp,
} from '../policy/testing/policy-fixtures.js';
import { opsTeamScene } from './testing/teams.js';

describe('sharing servers with a team', () => {
  const { testApp, db } = useTestApp();

  /** Olga's team Ops: Ada admin, Ed editor. Ed and Mallory own a server each. */
  async function scene() {
    const { olga, ada, ed, team } = await opsTeamScene(testApp());
    const mallory = await signIn(testApp(), 'Mallory');
    const edsServer = await insertServer(db(), ed.user.id, { name: 'ed-web' });
    const mallorysServer = await insertServer(db(), mallory.user.id, { name: 'mallory-web' });
    return { olga, ada, ed, mallory, team, edsServer, mallorysServer };
  }

  it('lets a member share a server they own; every member then reaches it and is told', async () => {
    const { olga, ada, ed, team, edsServer } = await scene();
    expect((await olga.api.get(`/api/servers/${edsServer.id}`)).statusCode).toBe(404);

    const messages: RealtimeMessage[] = [];
    const unsubscribe = testApp().panel.bus.subscribe(olga.user.id, (message) => messages.push(message));
    const response = await ed.api.post(`/api/teams/${team.id}/servers`, { server_id: edsServer.id });
    unsubscribe();
    expect(response.statusCode).toBe(200);
    expect(teamResponseSchema.parse(response.json()).data.servers).toEqual([
      { id: edsServer.id, name: 'ed-web', sites: [] },
    ]);
    expect(messages).toContainEqual({ type: 'Update-data', keys: ['servers', 'sites', 'user'] });

    for (const member of [olga, ada]) {
      const server = await member.api.get(`/api/servers/${edsServer.id}`);
      expect(server.statusCode).toBe(200);
      expect(server.json().data).toMatchObject({ id: edsServer.id, is_owner: false, user_id: ed.user.id });
    }
    // Sharing twice changes nothing.
    expect((await ed.api.post(`/api/teams/${team.id}/servers`, { server_id: edsServer.id })).statusCode).toBe(
      200,
    );
  });

  it('refuses to share a server the caller does not own: 403 when they see it, 404 otherwise', async () => {
    const { olga, ada, team, edsServer, mallorysServer } = await scene();
    await insertShare(db(), team.id, edsServer.id);
    const other = await insertTeam(db(), ada.user.id, 'Ada’s side team');
    // Ada sees Ed's server through Ops, but it is not hers to share elsewhere.
    const seen = await ada.api.post(`/api/teams/${other.id}/servers`, { server_id: edsServer.id });
    expect(seen.statusCode).toBe(403);
    expect(seen.json().message).toBe('This action is unauthorized.');
    const hidden = await olga.api.post(`/api/teams/${team.id}/servers`, { server_id: mallorysServer.id });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await olga.api.post(`/api/teams/${team.id}/servers`, { server_id: 2_000_000_000 })).statusCode,
    ).toBe(404);
  });

  it('answers 404 to a non-member sharing into a team, even with a server of their own', async () => {
    const { mallory, team, mallorysServer } = await scene();
    const response = await mallory.api.post(`/api/teams/${team.id}/servers`, {
      server_id: mallorysServer.id,
    });
    expect(response.statusCode).toBe(404);
    expect((await mallory.api.delete(`/api/teams/${team.id}/servers/${mallorysServer.id}`)).statusCode).toBe(
      404,
    );
  });

  it('unshares for the server’s owner and for team managers, not for editors', async () => {
    const { olga, ada, ed, team, edsServer } = await scene();
    const olgasServer = await insertServer(db(), olga.user.id, { name: 'olga-web' });
    await insertShare(db(), team.id, edsServer.id);
    await insertShare(db(), team.id, olgasServer.id);

    expect((await ed.api.delete(`/api/teams/${team.id}/servers/${olgasServer.id}`)).statusCode).toBe(403);
    expect((await ada.api.delete(`/api/teams/${team.id}/servers/${olgasServer.id}`)).statusCode).toBe(204);
    expect((await ed.api.get(`/api/servers/${olgasServer.id}`)).statusCode).toBe(404);

    expect((await ed.api.delete(`/api/teams/${team.id}/servers/${edsServer.id}`)).statusCode).toBe(204);
    expect((await olga.api.get(`/api/servers/${edsServer.id}`)).statusCode).toBe(404);
    expect((await olga.api.delete(`/api/teams/${team.id}/servers/${edsServer.id}`)).statusCode).toBe(404);
  });

  it('validates the share request', async () => {
    const { ed, team } = await scene();
    for (const body of [{}, { server_id: 'x' }, { server_id: -1 }, { server_id: 1, extra: true }]) {
      expect((await ed.api.post(`/api/teams/${team.id}/servers`, body)).statusCode).toBe(422);
    }
  });

  it('shares from the server (POST api/servers/{server}/share): the owner only, into a team of theirs', async () => {
    const { olga, ada, ed, mallory, team, edsServer, mallorysServer } = await scene();
    const response = await ed.api.post(`/api/servers/${edsServer.id}/share`, { team_id: team.id });
    expect(response.statusCode).toBe(200);
    expect(teamResponseSchema.parse(response.json()).data.servers.map((server) => server.id)).toEqual([
      edsServer.id,
    ]);
    expect((await olga.api.get(`/api/servers/${edsServer.id}`)).statusCode).toBe(200);
    // Ada reaches it through Ops but does not own it; Mallory's own server goes into no team of hers.
    expect((await ada.api.post(`/api/servers/${edsServer.id}/share`, { team_id: team.id })).statusCode).toBe(
      403,
    );
    expect(
      (await mallory.api.post(`/api/servers/${mallorysServer.id}/share`, { team_id: team.id })).statusCode,
    ).toBe(404);
    expect(
      (await mallory.api.post(`/api/servers/${edsServer.id}/share`, { team_id: team.id })).statusCode,
    ).toBe(404);
    expect((await ed.api.post(`/api/servers/${edsServer.id}/share`, { team: team.id })).statusCode).toBe(422);
  });

  it('presents teams, can_use and abilities per caller (spec/000 §3 Server)', async () => {
    const { olga, ada, ed, team, edsServer } = await scene();
    const viewer = await signIn(testApp(), 'Vera Viewer');
    await insertMember(db(), team.id, viewer.user.id, 'viewer');
    await insertShare(db(), team.id, edsServer.id);
    const seen = async (who: typeof ed) => {
      const detail = (await who.api.get(`/api/servers/${edsServer.id}`)).json().data;
      const listed = serverListSchema
        .parse((await who.api.get('/api/servers')).json())
        .data.find((server) => server.id === edsServer.id)!;
      expect(listed).toMatchObject({
        teams: detail.teams,
        can_use: detail.can_use,
        abilities: detail.abilities,
      });
      return detail as { teams: unknown; can_use: boolean; abilities: string[]; is_owner: boolean };
    };

    const owner = await seen(ed);
    expect(owner).toMatchObject({ is_owner: true, can_use: true, teams: [{ id: team.id, name: 'Ops' }] });
    expect(owner.abilities).toEqual(expect.arrayContaining(['destroy', 'share', 'delete']));
    const admin = await seen(ada);
    expect(admin).toMatchObject({ is_owner: false, can_use: true, teams: [{ id: team.id, name: 'Ops' }] });
    expect(admin.abilities).toContain('destroy');
    expect(admin.abilities).not.toContain('delete');
    expect((await seen(olga)).can_use).toBe(true);
    // A viewer looks but cannot use it: the panel shows 'The server cannot be used'.
    const looking = await seen(viewer);
    expect(looking).toMatchObject({ can_use: false, abilities: ['view'] });
    expect((await viewer.api.delete(`/api/servers/${edsServer.id}`)).statusCode).toBe(403);
    expect((await viewer.api.post(`/api/servers/${edsServer.id}/clean`)).statusCode).toBe(403);
  });

  it('tells a member limited to a site of the server that the server itself cannot be used', async () => {
    const { olga, ada, team, edsServer } = await scene();
    await insertShare(db(), team.id, edsServer.id);
    const [site] = await db()
      .insert(sites)
      .values({ serverId: edsServer.id, name: 'shop.example.com', linuxUser: 'shop' })
      .returning({ id: sites.id });
    const scoped = await olga.api.put(`/api/teams/${team.id}/members/${ada.user.id}`, {
      role: 'admin',
      sites: [site!.id],
    });
    expect(scoped.statusCode).toBe(200);
    const detail = (await ada.api.get(`/api/servers/${edsServer.id}`)).json().data;
    expect(detail).toMatchObject({ can_use: false, abilities: ['view'] });
  });
});
