import { describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { errorResponseSchema, TEAM_ROLES, teamResponseSchema, userTeamsSchema } from '@hostdeck/contracts';
import { users } from '../database/schema.js';
import { signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { opsTeamScene } from './testing/teams.js';

describe('teams API', () => {
  const { testApp, db } = useTestApp();
  const currentTeamOf = async (userId: number) =>
    (await db().select({ id: users.currentTeamId }).from(users).where(eq(users.id, userId)))[0]!.id;

  /** Owner Olga with a personal team and a team "Ops" where Ada is admin and Ed editor. */
  async function scene() {
    const ops = await opsTeamScene(testApp());
    const outsider = await signIn(testApp(), 'Mallory');
    return { ...ops, outsider, personal: ops.olga.personal };
  }

  it('lists the teams a user owns or belongs to, personal team first', async () => {
    const { olga, ed, outsider, team, personal } = await scene();
    const owned = userTeamsSchema.parse((await olga.api.get('/api/user/teams')).json());
    expect(owned.data.map((entry) => entry.id)).toEqual([personal.id, team.id]);
    expect(owned.data[0]).toMatchObject({
      personal_team: true,
      name: "Olga's Team",
      current_user_role: 'owner',
    });

    const member = userTeamsSchema.parse((await ed.api.get('/api/user/teams')).json());
    expect(member.data.map((entry) => entry.id)).toEqual([ed.personal.id, team.id]);
    expect(member.data[1]!.current_user_role).toBe('developer');

    const none = userTeamsSchema.parse((await outsider.api.get('/api/user/teams')).json());
    expect(none.data.map((entry) => entry.id)).toEqual([outsider.personal.id]);
  });

  it('presents team info of §3 with roles, permissions and the members', async () => {
    const { olga, ada, ed, team } = await scene();
    const response = await olga.api.get(`/api/teams/${team.id}`);
    expect(response.statusCode).toBe(200);
    const info = teamResponseSchema.parse(response.json()).data;
    expect(info).toMatchObject({
      id: team.id,
      name: 'Ops',
      user_id: olga.user.id,
      personal_team: false,
      owner: { id: olga.user.id, name: 'Olga Owner', email: olga.user.email },
      servers: [],
      team_invitations: [],
      permissions: {
        canAddTeamMembers: true,
        canDeleteTeam: true,
        canRemoveTeamMembers: true,
        canUpdateTeam: true,
      },
    });
    expect(info.users).toEqual([
      { id: ada.user.id, name: 'Ada Admin', email: ada.user.email, role: 'admin', servers: [], sites: [] },
      { id: ed.user.id, name: 'Ed Editor', email: ed.user.email, role: 'developer', servers: [], sites: [] },
    ]);
    expect(info.availableRoles.map((role) => role.key)).toEqual(['admin', 'developer', 'viewer']);
    expect(info.availablePermissions).toContain('team:delete');
    expect(info.defaultPermissions).toEqual([...TEAM_ROLES.developer.permissions]);

    const asAdmin = teamResponseSchema.parse((await ada.api.get(`/api/teams/${team.id}`)).json()).data;
    expect(asAdmin.permissions).toEqual({
      canAddTeamMembers: true,
      canDeleteTeam: false,
      canRemoveTeamMembers: true,
      canUpdateTeam: true,
    });
    const asEditor = teamResponseSchema.parse((await ed.api.get(`/api/teams/${team.id}`)).json()).data;
    expect(asEditor.permissions).toEqual({
      canAddTeamMembers: false,
      canDeleteTeam: false,
      canRemoveTeamMembers: false,
      canUpdateTeam: false,
    });
  });

  it('names the roles in the caller’s language', async () => {
    const { olga, team } = await scene();
    const info = teamResponseSchema.parse((await olga.api.get(`/api/teams/${team.id}`, 'vi')).json()).data;
    expect(info.availableRoles.map((role) => role.name)).toEqual([
      'Quản trị viên',
      'Nhà phát triển',
      'Người xem',
    ]);
  });

  it('answers 404 to a non-member, for every team route, and for ids that do not exist', async () => {
    const { outsider, team, ed } = await scene();
    const calls = [
      outsider.api.get(`/api/teams/${team.id}`),
      outsider.api.put(`/api/teams/${team.id}`, { name: 'Mine' }),
      outsider.api.delete(`/api/teams/${team.id}`),
      outsider.api.put('/api/current-team', { team_id: team.id }),
      outsider.api.post(`/api/teams/${team.id}/members`, { email: 'x@example.test', role: 'admin' }),
      outsider.api.put(`/api/teams/${team.id}/members/${ed.user.id}`, { role: 'admin' }),
      outsider.api.delete(`/api/teams/${team.id}/members/${ed.user.id}`),
      outsider.api.get('/api/teams/2000000000'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('creates a team owned by its creator and makes it current', async () => {
    const { outsider } = await scene();
    const response = await outsider.api.post('/api/teams', { name: '  Night shift ' });
    expect(response.statusCode).toBe(201);
    const info = teamResponseSchema.parse(response.json()).data;
    expect(info).toMatchObject({ name: 'Night shift', user_id: outsider.user.id, personal_team: false });
    expect(info.current_user_role).toBe('owner');
    expect(await currentTeamOf(outsider.user.id)).toBe(info.id);
  });

  it('validates team names with the messages of §5', async () => {
    const { outsider } = await scene();
    for (const [body, field, message] of [
      [{ name: '' }, 'name', 'Required'],
      [{}, 'name', 'Required'],
      [{ name: 'x'.repeat(256) }, 'name', 'Max 255 characters'],
      [{ name: 'a\nb' }, 'name', 'Invalid value'],
    ] as const) {
      const response = await outsider.api.post('/api/teams', body);
      expect(response.statusCode).toBe(422);
      expect(errorResponseSchema.parse(response.json()).errors?.[field]).toEqual([message]);
    }
    expect((await outsider.api.post('/api/teams', { name: 'A', user_id: 1 })).statusCode).toBe(422);
  });

  it('renames a team for its owner and admins; an editor gets 403 in their language', async () => {
    const { olga, ada, ed, team } = await scene();
    expect((await olga.api.put(`/api/teams/${team.id}`, { name: 'Ops EU' })).statusCode).toBe(200);
    const renamed = await ada.api.put(`/api/teams/${team.id}`, { name: 'Ops Asia' });
    expect(teamResponseSchema.parse(renamed.json()).data.name).toBe('Ops Asia');

    const refused = await ed.api.put(`/api/teams/${team.id}`, { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ id: 'forbidden', message: 'This action is unauthorized.' });
    const refusedVi = await ed.api.put(`/api/teams/${team.id}`, { name: 'Mine' }, 'vi');
    expect(refusedVi.json().message).toBe('Bạn không có quyền thực hiện hành động này.');
  });

  it('deletes a team for its owner only, and moves members back to their personal team', async () => {
    const { olga, ada, ed, team } = await scene();
    const edPersonal = ed.personal;
    expect((await ed.api.put('/api/current-team', { team_id: team.id })).statusCode).toBe(200);
    expect(await currentTeamOf(ed.user.id)).toBe(team.id);

    expect((await ada.api.delete(`/api/teams/${team.id}`)).statusCode).toBe(403);
    expect((await ed.api.delete(`/api/teams/${team.id}`)).statusCode).toBe(403);
    expect((await olga.api.delete(`/api/teams/${team.id}`)).statusCode).toBe(204);
    expect((await olga.api.get(`/api/teams/${team.id}`)).statusCode).toBe(404);
    expect(await currentTeamOf(ed.user.id)).toBe(edPersonal.id);
  });

  it('never deletes a personal team', async () => {
    const { olga, personal } = await scene();
    const response = await olga.api.delete(`/api/teams/${personal.id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ team: ['You may not delete your personal team.'] });
    const vi = await olga.api.delete(`/api/teams/${personal.id}`, 'vi');
    expect(vi.json().message).toBe('Bạn không thể xóa nhóm cá nhân của mình.');
    const teams = userTeamsSchema.parse((await olga.api.get('/api/user/teams')).json()).data;
    expect(teams.find((entry) => entry.id === personal.id)?.permissions.canDeleteTeam).toBe(false);
  });

  it('switches the current team to a team the user belongs to', async () => {
    const { ed, team } = await scene();
    const response = await ed.api.put('/api/current-team', { team_id: team.id });
    expect(response.statusCode).toBe(200);
    expect(teamResponseSchema.parse(response.json()).data.id).toBe(team.id);
    expect(await currentTeamOf(ed.user.id)).toBe(team.id);
    expect((await ed.api.put('/api/current-team', { team_id: 'x' })).statusCode).toBe(422);
  });
});
