import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { presentCustomRole, presentInvitationDetails, presentTeam } from './team-presenter.js';
import type { TeamsService } from './teams.service.js';

/** Teams and the team permissions of spec/000 §3, §6, §7 Teams; every rule lives in the service. */
export const teamsRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) => {
  // Most calls answer the team info as the caller now sees it.
  type Team = Awaited<ReturnType<TeamsService['show']>>;
  const answer = (team: Team, locale: Parameters<typeof presentTeam>[2]) => ({
    data: presentTeam(team.details, team.role, locale),
  });

  route(app, routes.userTeams, {}, async ({ user, locale }) => {
    const { teams: list, invitations } = await teams.listForUser(user);
    return {
      data: list.map((team) => presentTeam(team.details, team.role, locale)),
      invitations: invitations.map(presentInvitationDetails),
    };
  });
  route(app, routes.createTeam, { status: 201 }, async ({ user, body, locale }) =>
    answer(await teams.create(user, body.name), locale),
  );
  route(app, routes.showTeam, {}, async ({ user, params, locale }) =>
    answer(await teams.show(user, params.team), locale),
  );
  route(app, routes.updateTeam, {}, async ({ user, params, body, locale }) =>
    answer(await teams.rename(user, params.team, body.name), locale),
  );
  route(app, routes.deleteTeam, {}, ({ user, params }) => teams.remove(user, params.team));
  route(app, routes.switchCurrentTeam, {}, async ({ user, body, locale }) =>
    answer(await teams.switchCurrent(user, body.team_id), locale),
  );
  route(app, routes.addTeamMember, {}, async ({ user, params, body, locale }) =>
    answer(await teams.addMember(user, params.team, body), locale),
  );
  route(app, routes.updateTeamMember, {}, async ({ user, params, body, locale }) =>
    answer(await teams.updateMember(user, params.team, params.user, body), locale),
  );
  route(app, routes.removeTeamMember, {}, ({ user, params }) =>
    teams.removeMember(user, params.team, params.user),
  );
  route(app, routes.shareServer, {}, async ({ user, params, body, locale }) =>
    answer(await teams.shareServer(user, params.team, body.server_id), locale),
  );
  route(app, routes.shareServerWithTeam, {}, async ({ user, params, body, locale }) =>
    answer(await teams.shareServer(user, body.team_id, params.server), locale),
  );
  route(app, routes.unshareServer, {}, ({ user, params }) =>
    teams.unshareServer(user, params.team, params.server),
  );
  route(app, routes.teamRoles, {}, async ({ user, params }) => ({
    data: (await teams.listRoles(user, params.team)).map(presentCustomRole),
  }));
  route(app, routes.createTeamRole, { status: 201 }, async ({ user, params, body }) => ({
    data: presentCustomRole(await teams.createRole(user, params.team, body)),
  }));
  route(app, routes.updateTeamRole, {}, async ({ user, params, body }) => ({
    data: presentCustomRole(await teams.updateRole(user, params.team, params.role, body)),
  }));
  route(app, routes.deleteTeamRole, {}, ({ user, params }) =>
    teams.deleteRole(user, params.team, params.role),
  );
  route(app, routes.showInvitation, {}, async ({ user, params }) => ({
    data: presentInvitationDetails(await teams.showInvitation(user, params.invitation)),
  }));
  route(app, routes.acceptInvitation, {}, async ({ user, params, locale }) =>
    answer(await teams.acceptInvitation(user, params.invitation), locale),
  );
  route(app, routes.resendInvitation, {}, async ({ user, params }) => ({
    data: presentInvitationDetails(await teams.resendInvitation(user, params.invitation)),
  }));
  route(app, routes.deleteInvitation, {}, ({ user, params }) =>
    teams.deleteInvitation(user, params.invitation),
  );
};
