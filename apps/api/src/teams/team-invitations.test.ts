import { describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { invitationResponseSchema, teamResponseSchema, userTeamsSchema } from '@hostdeck/contracts';
import { teamInvitations, users } from '../database/schema.js';
import { NotFoundError } from '../domain/errors.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import { insertMember, signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { createTeamsRepository } from './teams.repository.js';
import { createTeamsService } from './teams.service.js';
import { opsTeamScene } from './testing/teams.js';

describe('team invitations', () => {
  const { testApp, db } = useTestApp();

  /** Olga's team Ops (Ada admin, Ed editor) invited Ivy's address before Ivy had an account. */
  async function scene() {
    const { olga, ada, ed, team } = await opsTeamScene(testApp());
    const ivy = await signIn(testApp(), 'Ivy Invited');
    const mallory = await signIn(testApp(), 'Mallory');
    const [invitation] = await db()
      .insert(teamInvitations)
      .values({ teamId: team.id, email: ivy.user.email.toUpperCase(), role: 'admin' })
      .returning();
    return { olga, ada, ed, ivy, mallory, team, invitation: invitation! };
  }

  it('shows the invitation to its addressee and lists it with their teams', async () => {
    const { ivy, team, invitation } = await scene();
    const response = await ivy.api.get(`/api/team-invitations/${invitation.id}`);
    expect(response.statusCode).toBe(200);
    expect(invitationResponseSchema.parse(response.json()).data).toMatchObject({
      id: invitation.id,
      role: 'admin',
      team: { id: team.id, name: 'Ops', owner_name: 'Olga Owner' },
    });
    const listed = userTeamsSchema.parse((await ivy.api.get('/api/user/teams')).json());
    expect(listed.invitations.map((entry) => entry.id)).toEqual([invitation.id]);
  });

  it('accepts with POST (never GET): the addressee joins with the invited role', async () => {
    const { ivy, team, invitation } = await scene();
    await ivy.api.get(`/api/team-invitations/${invitation.id}`);
    expect((await ivy.api.get(`/api/teams/${team.id}`)).statusCode).toBe(404);

    const accepted = await ivy.api.post(`/api/team-invitations/${invitation.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const info = teamResponseSchema.parse(accepted.json()).data;
    expect(info.current_user_role).toBe('admin');
    expect(info.permissions.canAddTeamMembers).toBe(true);
    expect((await ivy.api.get(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(404);
  });

  it('is nobody else’s: other users get 404, team editors 403, managers see and cancel it', async () => {
    const { olga, ada, ed, mallory, invitation } = await scene();
    expect((await mallory.api.get(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(404);
    expect((await mallory.api.post(`/api/team-invitations/${invitation.id}/accept`)).statusCode).toBe(404);
    expect((await mallory.api.delete(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(404);
    // Members are not the addressee: they cannot accept on Ivy's behalf.
    expect((await olga.api.post(`/api/team-invitations/${invitation.id}/accept`)).statusCode).toBe(404);

    expect((await ed.api.get(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(403);
    expect((await ed.api.delete(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(403);
    expect((await ada.api.get(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(200);
    expect((await ada.api.delete(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(204);
    expect((await olga.api.get(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(404);
  });

  it('lets the addressee decline', async () => {
    const { ivy, olga, team, invitation } = await scene();
    expect((await ivy.api.delete(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(204);
    const info = teamResponseSchema.parse((await olga.api.get(`/api/teams/${team.id}`)).json()).data;
    expect(info.team_invitations).toEqual([]);
  });

  it('is not the addressee’s while their email is unverified', async () => {
    const { ivy, team, invitation } = await scene();
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ivy.user.id));
    // The panel refuses unverified users on these routes before the service runs (spec/000 §2)…
    for (const response of [
      await ivy.api.get(`/api/team-invitations/${invitation.id}`),
      await ivy.api.post(`/api/team-invitations/${invitation.id}/accept`),
    ]) {
      expect([403, 404]).toContain(response.statusCode);
    }
    // …and the service itself does not take an unverified address for its owner.
    const teams = createTeamsService({
      repository: createTeamsRepository(db()),
      policy: createAccessPolicy(db()),
      notify: () => {},
      mailInvitation: async () => {},
    });
    const caller = { ...ivy.user, emailVerifiedAt: null };
    await expect(teams.showInvitation(caller, invitation.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(teams.acceptInvitation(caller, invitation.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await teams.listForUser(caller)).invitations).toEqual([]);
    expect(
      await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id)),
    ).toHaveLength(1);
    expect((await teams.listForUser(caller)).teams.map((entry) => entry.details.team.id)).not.toContain(
      team.id,
    );
  });

  it('consumes the invitation of someone who already joined', async () => {
    const { ivy, team, invitation } = await scene();
    await insertMember(db(), team.id, ivy.user.id, 'developer');
    const accepted = await ivy.api.post(`/api/team-invitations/${invitation.id}/accept`);
    expect(teamResponseSchema.parse(accepted.json()).data.current_user_role).toBe('developer');
    expect(await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id))).toEqual(
      [],
    );
  });
});
