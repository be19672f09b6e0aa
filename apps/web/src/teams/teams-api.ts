import { queryOptions, useQuery } from '@tanstack/react-query';
import { UPDATE_KEYS, teamRoutes as routes, type TeamRoleKey } from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiSend } from '../api/client';

/** The caller's teams and invitations, under the `user` Update-data key: team changes reload them. */
export const userTeamsKey = [UPDATE_KEYS.user, 'teams'] as const;

export const useUserTeams = () =>
  useQuery(
    queryOptions({
      queryKey: userTeamsKey,
      queryFn: () => apiGetParsed(routes.userTeams.path, routes.userTeams.response),
    }),
  );

/** One invitation as its addressee (or a team manager) sees it; a 404 is shown as not found. */
export const useInvitation = (invitationId: number) =>
  useQuery({
    queryKey: [UPDATE_KEYS.user, 'team-invitation', invitationId],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(routes.showInvitation.path, { invitation: invitationId }),
          routes.showInvitation.response,
        )
      ).data,
    meta: { handleErrors: false },
    retry: false,
  });

const nothing = { parse: () => undefined };
const team = (teamId: number) => ({ team: teamId });

export const createTeam = async (name: string) =>
  (await apiSend('POST', routes.createTeam.path, { name }, routes.createTeam.response)).data;

export const renameTeam = (teamId: number, name: string) =>
  apiSend('PUT', apiPath(routes.updateTeam.path, team(teamId)), { name }, routes.updateTeam.response);

export const deleteTeam = (teamId: number) =>
  apiSend('DELETE', apiPath(routes.deleteTeam.path, team(teamId)), undefined, nothing);

export const switchCurrentTeam = (teamId: number) =>
  apiSend('PUT', routes.switchCurrentTeam.path, { team_id: teamId }, routes.switchCurrentTeam.response);

export const inviteMember = (teamId: number, email: string, role: TeamRoleKey) =>
  apiSend(
    'POST',
    apiPath(routes.addTeamMember.path, team(teamId)),
    { email, role },
    routes.addTeamMember.response,
  );

export const changeMemberRole = (teamId: number, userId: number, role: TeamRoleKey) =>
  apiSend(
    'PUT',
    apiPath(routes.updateTeamMember.path, { team: teamId, user: userId }),
    { role },
    routes.updateTeamMember.response,
  );

/** Removes a member, or, for the caller themselves, leaves the team. */
export const removeMember = (teamId: number, userId: number) =>
  apiSend(
    'DELETE',
    apiPath(routes.removeTeamMember.path, { team: teamId, user: userId }),
    undefined,
    nothing,
  );

export const resendInvitation = (invitationId: number) =>
  apiSend(
    'POST',
    apiPath(routes.resendInvitation.path, { invitation: invitationId }),
    undefined,
    routes.resendInvitation.response,
  );

export const acceptInvitation = async (invitationId: number) =>
  (
    await apiSend(
      'POST',
      apiPath(routes.acceptInvitation.path, { invitation: invitationId }),
      undefined,
      routes.acceptInvitation.response,
    )
  ).data;

/** Declines (the addressee) or revokes (a team manager) an invitation. */
export const deleteInvitation = (invitationId: number) =>
  apiSend('DELETE', apiPath(routes.deleteInvitation.path, { invitation: invitationId }), undefined, nothing);
