import { describe, expect, it } from 'vitest';
import { eq } from '../testing/sql.js';
import { invitationResponseSchema, teamResponseSchema } from '@hostdeck/contracts';
import { outboxFor } from '../accounts/testing/accounts.js';
import { teamInvitations, users } from '../database/schema.js';
import { insertTeam, signIn, useTestApp, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { opsTeamScene } from './testing/teams.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('team invitations by mail', () => {
  const { testApp, db } = useTestApp();

  async function scene() {
    const ops = await opsTeamScene(testApp());
    const ivy = await signIn(testApp(), 'Ivy Invited');
    return { ...ops, ivy };
  }
  /** Invites `email` as `inviter`; answers the new invitation of the team info. */
  async function invite(inviter: SignedInUser, teamId: number, email: string, role = 'developer') {
    const response = await inviter.api.post(`/api/teams/${teamId}/members`, { email, role });
    expect(response.statusCode).toBe(200);
    const info = teamResponseSchema.parse(response.json()).data;
    return info.team_invitations.find((entry) => entry.email === email)!;
  }
  const linkOf = (id: number) => `${testApp().config.appUrl}/team-invitations/${id}`;
  const expire = (id: number) =>
    db()
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, id));

  it('mails the addressee a link to the invitation page, valid 7 days, naming team and inviter', async () => {
    const { olga, team, ivy } = await scene();
    const before = Date.now();
    const invitation = await invite(olga, team.id, ivy.user.email);
    const expiry = Date.parse(invitation.expires_at) - before;
    expect(expiry).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(expiry).toBeLessThan(7 * DAY_MS + 60_000);

    const [mail, ...more] = await outboxFor(db(), ivy.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Invitation to join the team Ops - HostDeck');
    expect(mail!.text).toContain('Olga Owner has invited you to join the team Ops.');
    expect(mail!.text).toContain(linkOf(invitation.id));
    expect(mail!.text).toContain('This invitation expires in 7 days.');

    const shown = await ivy.api.get(`/api/team-invitations/${invitation.id}`);
    expect(invitationResponseSchema.parse(shown.json()).data).toMatchObject({
      team: { name: 'Ops', owner_name: 'Olga Owner' },
      inviter_name: 'Olga Owner',
      expired: false,
    });
  });

  it('writes in the addressee’s language, or the inviter’s when the address has no account', async () => {
    const { olga, ada, team, ivy } = await scene();
    await db().update(users).set({ locale: 'vi' }).where(eq(users.id, ivy.user.id));
    await invite(olga, team.id, ivy.user.email);
    const [vietnamese] = await outboxFor(db(), ivy.user.email);
    expect(vietnamese!.subject).toBe('Lời mời tham gia nhóm Ops - HostDeck');
    expect(vietnamese!.text).toContain('Olga Owner đã mời bạn tham gia nhóm Ops.');
    expect(vietnamese!.text).toContain('Lời mời này hết hạn sau 7 ngày.');

    await db().update(users).set({ locale: 'vi' }).where(eq(users.id, ada.user.id));
    await invite(ada, team.id, 'nobody-yet@example.test');
    const [fromAda] = await outboxFor(db(), 'nobody-yet@example.test');
    expect(fromAda!.subject).toBe('Lời mời tham gia nhóm Ops - HostDeck');
    expect(fromAda!.text).toContain('Ada Admin đã mời bạn');
  });

  it('refuses an expired invitation with a clear message; resending mails again and renews it', async () => {
    const { olga, ada, team, ivy } = await scene();
    const invitation = await invite(olga, team.id, ivy.user.email);
    await expire(invitation.id);

    const shown = invitationResponseSchema.parse(
      (await ivy.api.get(`/api/team-invitations/${invitation.id}`)).json(),
    ).data;
    expect(shown.expired).toBe(true);
    const refused = await ivy.api.post(`/api/team-invitations/${invitation.id}/accept`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      invitation: ['This invitation has expired. Ask the team to send it again.'],
    });
    const vi = await ivy.api.post(`/api/team-invitations/${invitation.id}/accept`, undefined, 'vi');
    expect(vi.json().message).toBe('Lời mời này đã hết hạn. Hãy đề nghị nhóm gửi lại lời mời.');
    expect((await ivy.api.get(`/api/teams/${team.id}`)).statusCode).toBe(404);

    const resent = await ada.api.post(`/api/team-invitations/${invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const renewed = invitationResponseSchema.parse(resent.json()).data;
    expect(renewed).toMatchObject({ expired: false, inviter_name: 'Ada Admin' });
    expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    const mails = await outboxFor(db(), ivy.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Ada Admin has invited you to join the team Ops.');
    expect(mails[1]!.text).toContain(linkOf(invitation.id));

    const accepted = await ivy.api.post(`/api/team-invitations/${invitation.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(teamResponseSchema.parse(accepted.json()).data.current_user_role).toBe('developer');
  });

  it('revokes: the invitation is gone for its addressee and from the team', async () => {
    const { olga, team, ivy } = await scene();
    const invitation = await invite(olga, team.id, ivy.user.email);
    expect((await olga.api.delete(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(204);
    expect((await ivy.api.get(`/api/team-invitations/${invitation.id}`)).statusCode).toBe(404);
    expect((await ivy.api.post(`/api/team-invitations/${invitation.id}/accept`)).statusCode).toBe(404);
    expect((await olga.api.post(`/api/team-invitations/${invitation.id}/resend`)).statusCode).toBe(404);
    const info = teamResponseSchema.parse((await olga.api.get(`/api/teams/${team.id}`)).json()).data;
    expect(info.team_invitations).toEqual([]);
  });

  it('another team’s invitation is 404 to a manager of their own team; editors may not resend', async () => {
    const { olga, ed, team, ivy } = await scene();
    const mallory = await signIn(testApp(), 'Mallory Manager');
    const theirs = await insertTeam(db(), mallory.user.id, 'Elsewhere');
    const invitation = await invite(olga, team.id, ivy.user.email);
    // Mallory manages a team, just not this one.
    await invite(mallory, theirs.id, 'someone@example.test');
    for (const response of [
      await mallory.api.get(`/api/team-invitations/${invitation.id}`),
      await mallory.api.post(`/api/team-invitations/${invitation.id}/resend`),
      await mallory.api.post(`/api/team-invitations/${invitation.id}/accept`),
      await mallory.api.delete(`/api/team-invitations/${invitation.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await ed.api.post(`/api/team-invitations/${invitation.id}/resend`)).statusCode).toBe(403);
    expect(await outboxFor(db(), ivy.user.email)).toHaveLength(1);
    const still = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(still).toHaveLength(1);
  });

  it('refuses to invite someone who already belongs to the team', async () => {
    const { olga, ed, team } = await scene();
    const response = await olga.api.post(`/api/teams/${team.id}/members`, {
      email: ed.user.email,
      role: 'admin',
    });
    expect(response.statusCode).toBe(422);
    expect(await outboxFor(db(), ed.user.email)).toEqual([]);
  });
});
