import { describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { teamResponseSchema, type RealtimeMessage } from '@hostdeck/contracts';
import { teamServers, users } from '../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  signIn,
  useTestApp,
  type SignedInUser,
} from '../policy/testing/policy-fixtures.js';
import { opsTeamScene } from './testing/teams.js';

describe('team members API', () => {
  const { testApp, db } = useTestApp();

  /** The Ops team, and Nina, who belongs to no team yet. */
  async function scene() {
    const ops = await opsTeamScene(testApp());
    return { ...ops, newcomer: await signIn(testApp(), 'Nina Newcomer') };
  }
  const teamInfo = async (client: SignedInUser, teamId: number) =>
    teamResponseSchema.parse((await client.api.get(`/api/teams/${teamId}`)).json()).data;

  it('invites an existing user with a verified email too: they join only by accepting', async () => {
    const { ada, newcomer, team } = await scene();
    const response = await ada.api.post(`/api/teams/${team.id}/members`, {
      email: newcomer.user.email.toUpperCase(),
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    const info = teamResponseSchema.parse(response.json()).data;
    expect(info.users.map((user) => user.id)).not.toContain(newcomer.user.id);
    expect(info.team_invitations).toMatchObject([{ role: 'admin', expired: false }]);
    expect((await newcomer.api.get(`/api/teams/${team.id}`)).statusCode).toBe(404);
    const invitation = info.team_invitations[0]!;
    expect((await newcomer.api.post(`/api/team-invitations/${invitation.id}/accept`)).statusCode).toBe(200);
    expect((await teamInfo(ada, team.id)).users).toContainEqual({
      id: newcomer.user.id,
      name: 'Nina Newcomer',
      email: newcomer.user.email,
      role: 'admin',
      servers: [],
      sites: [],
    });
  });

  it('refuses to add someone twice, or the owner', async () => {
    const { olga, ed, team } = await scene();
    for (const email of [ed.user.email, olga.user.email]) {
      const response = await olga.api.post(`/api/teams/${team.id}/members`, { email, role: 'developer' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ email: ['This user already belongs to the team.'] });
    }
    const vi = await olga.api.post(
      `/api/teams/${team.id}/members`,
      { email: ed.user.email, role: 'developer' },
      'vi',
    );
    expect(vi.json().message).toBe('Người dùng này đã thuộc nhóm.');
  });

  it('invites an unknown address once, and an unverified account instead of adding it', async () => {
    const { olga, newcomer, team } = await scene();
    const invited = await olga.api.post(`/api/teams/${team.id}/members`, {
      email: 'stranger@example.test',
      role: 'developer',
    });
    expect(invited.statusCode).toBe(200);
    expect(teamResponseSchema.parse(invited.json()).data.team_invitations).toMatchObject([
      { email: 'stranger@example.test', role: 'developer', team_id: team.id },
    ]);
    const again = await olga.api.post(`/api/teams/${team.id}/members`, {
      email: 'Stranger@Example.test',
      role: 'admin',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ['This user has already been invited to the team.'] });

    // Someone may have registered with an address they do not own: not verified, not added.
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, newcomer.user.id));
    const unverified = await olga.api.post(`/api/teams/${team.id}/members`, {
      email: newcomer.user.email,
      role: 'admin',
    });
    const info = teamResponseSchema.parse(unverified.json()).data;
    expect(info.users.map((user) => user.id)).not.toContain(newcomer.user.id);
    expect(info.team_invitations.map((invitation) => invitation.email)).toContain(newcomer.user.email);
  });

  it('validates the member request', async () => {
    const { olga, team } = await scene();
    for (const [body, errors] of [
      [{ email: 'a@example.test', role: 'owner' }, { role: ['The selected role is invalid.'] }],
      [{ email: 'a@example.test' }, { role: ['Required'] }],
      [{ email: 'not-an-email', role: 'developer' }, { email: ['The email must be a valid email address.'] }],
    ] as const) {
      const response = await olga.api.post(`/api/teams/${team.id}/members`, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const vi = await olga.api.put(`/api/teams/${team.id}/members/1`, { role: 'root' }, 'vi');
    expect(vi.json().message).toBe('Vai trò đã chọn không hợp lệ.');
  });

  it('lets only members who may add members add them; editors see no invitations', async () => {
    const { olga, ed, newcomer, team } = await scene();
    const refused = await ed.api.post(`/api/teams/${team.id}/members`, {
      email: newcomer.user.email,
      role: 'developer',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This action is unauthorized.');
    await olga.api.post(`/api/teams/${team.id}/members`, { email: 'later@example.test', role: 'developer' });
    expect((await teamInfo(ed, team.id)).team_invitations).toEqual([]);
    expect((await teamInfo(olga, team.id)).team_invitations).toHaveLength(1);
  });

  it('changes roles for those who may add members; the owner has no role to change', async () => {
    const { olga, ada, ed, team } = await scene();
    expect(
      (await ed.api.put(`/api/teams/${team.id}/members/${ada.user.id}`, { role: 'developer' })).statusCode,
    ).toBe(403);
    const promoted = await ada.api.put(`/api/teams/${team.id}/members/${ed.user.id}`, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(teamResponseSchema.parse(promoted.json()).data.users).toContainEqual(
      expect.objectContaining({ id: ed.user.id, role: 'admin' }),
    );
    expect((await teamInfo(ed, team.id)).permissions.canUpdateTeam).toBe(true);
    expect(
      (await ada.api.put(`/api/teams/${team.id}/members/${olga.user.id}`, { role: 'developer' })).statusCode,
    ).toBe(404);
  });

  it('removes members for managers, lets a member leave, never the owner', async () => {
    const { olga, ada, ed, newcomer, team } = await scene();
    await insertMember(db(), team.id, newcomer.user.id, 'developer');
    expect((await ed.api.delete(`/api/teams/${team.id}/members/${newcomer.user.id}`)).statusCode).toBe(403);
    expect((await ada.api.delete(`/api/teams/${team.id}/members/${newcomer.user.id}`)).statusCode).toBe(204);
    expect((await newcomer.api.get(`/api/teams/${team.id}`)).statusCode).toBe(404);

    expect((await ed.api.delete(`/api/teams/${team.id}/members/${ed.user.id}`)).statusCode).toBe(204);
    expect((await ed.api.get(`/api/teams/${team.id}`)).statusCode).toBe(404);

    const owner = await ada.api.delete(`/api/teams/${team.id}/members/${olga.user.id}`);
    expect(owner.statusCode).toBe(422);
    expect(owner.json().errors).toEqual({ user: ['You may not leave a team that you created.'] });
    expect((await olga.api.delete(`/api/teams/${team.id}/members/${olga.user.id}`)).statusCode).toBe(422);
    expect((await olga.api.delete(`/api/teams/${team.id}/members/${newcomer.user.id}`)).statusCode).toBe(404);
  });

  it('takes shared servers away from a removed member, and their own shares leave with them', async () => {
    const { olga, ada, ed, team } = await scene();
    const olgasServer = await insertServer(db(), olga.user.id, { name: 'olga-1' });
    const edsServer = await insertServer(db(), ed.user.id, { name: 'ed-1' });
    await insertShare(db(), team.id, olgasServer.id);
    await insertShare(db(), team.id, edsServer.id);
    const edPersonal = ed.personal;
    await ed.api.put('/api/current-team', { team_id: team.id });
    expect((await ed.api.get(`/api/servers/${olgasServer.id}`)).statusCode).toBe(200);
    expect((await ada.api.get(`/api/servers/${edsServer.id}`)).statusCode).toBe(200);

    const messages: RealtimeMessage[] = [];
    const unsubscribe = testApp().panel.bus.subscribe(ed.user.id, (message) => messages.push(message));
    expect((await olga.api.delete(`/api/teams/${team.id}/members/${ed.user.id}`)).statusCode).toBe(204);
    unsubscribe();

    expect((await ed.api.get(`/api/servers/${olgasServer.id}`)).statusCode).toBe(404);
    expect((await ada.api.get(`/api/servers/${edsServer.id}`)).statusCode).toBe(404);
    const shares = await db().select().from(teamServers).where(eq(teamServers.teamId, team.id));
    expect(shares.map((share) => share.serverId)).toEqual([olgasServer.id]);
    const [edRow] = await db().select().from(users).where(eq(users.id, ed.user.id));
    expect(edRow!.currentTeamId).toBe(edPersonal.id);
    expect(messages).toContainEqual({ type: 'Update-data', keys: ['servers', 'sites', 'user'] });
  });
});
