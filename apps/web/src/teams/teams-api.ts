import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  UPDATE_KEYS,
  teamRoutes as routes,
  type TeamRoleRequest,
  type UpdateTeamMemberRequest,
} from '@hostdeck/contracts';
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

export const inviteMember = (teamId: number, email: string, role: string) =>
  apiSend(
    'POST',
    apiPath(routes.addTeamMember.path, team(teamId)),
    { email, role },
    routes.addTeamMember.response,
  );

/** A member's role, and with `servers`/`sites` their scope (both empty: every shared server). */
export const changeMemberRole = (
  teamId: number,
  userId: number,
  role: string,
  scope?: Pick<UpdateTeamMemberRequest, 'servers' | 'sites'>,
) =>
  apiSend(
    'PUT',
    apiPath(routes.updateTeamMember.path, { team: teamId, user: userId }),
    { role, ...scope },
    routes.updateTeamMember.response,
  );

/** Shares a server the caller owns with one of their teams (POST api/servers/{server}/share). */
export const shareServer = (serverId: number, teamId: number) =>
  apiSend(
    'POST',
    apiPath(routes.shareServerWithTeam.path, { server: serverId }),
    { team_id: teamId },
    routes.shareServerWithTeam.response,
  );

export const unshareServer = (teamId: number, serverId: number) =>
  apiSend(
    'DELETE',
    apiPath(routes.unshareServer.path, { team: teamId, server: serverId }),
    undefined,
    nothing,
  );

export const createTeamRole = (teamId: number, role: TeamRoleRequest) =>
  apiSend('POST', apiPath(routes.createTeamRole.path, team(teamId)), role, routes.createTeamRole.response);

export const updateTeamRole = (teamId: number, key: string, role: Omit<TeamRoleRequest, 'key'>) =>
  apiSend(
    'PUT',
    apiPath(routes.updateTeamRole.path, { team: teamId, role: key }),
    role,
    routes.updateTeamRole.response,
  );

export const deleteTeamRole = (teamId: number, key: string) =>
  apiSend('DELETE', apiPath(routes.deleteTeamRole.path, { team: teamId, role: key }), undefined, nothing);

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
