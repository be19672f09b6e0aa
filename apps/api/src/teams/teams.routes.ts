import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addTeamMemberRequestSchema,
  createTeamRequestSchema,
  shareServerRequestSchema,
  switchCurrentTeamRequestSchema,
  teamRoutes,
  updateTeamMemberRequestSchema,
  updateTeamRequestSchema,
} from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import { presentInvitationDetails, presentTeam } from './team-presenter.js';
import { createTeamsRepository } from './teams.repository.js';
import { createTeamsService } from './teams.service.js';

const id = z.coerce.number().int().positive();
const teamParams = z.object({ team: id });
const memberParams = z.object({ team: id, user: id });
const serverParams = z.object({ team: id, server: id });
const invitationParams = z.object({ invitation: id });

/** Teams and the team permissions of spec/000 §3, §6, §7 Teams; every rule lives in the service. */
export const teamsRoutes: FastifyPluginAsyncZod<{ db: Database; bus: RealtimeBus }> = async (
  app,
  { db, bus },
) => {
  const teams = createTeamsService({
    repository: createTeamsRepository(db),
    policy: createAccessPolicy(db),
    notify: (userIds, keys) => {
      for (const userId of userIds) bus.publish(userId, { type: 'Update-data', keys });
    },
  });
  // Most calls answer the team info as the caller now sees it.
  const teamAnswer = (status: number) => ({ [status]: teamRoutes.showTeam.response });

  app.get(
    teamRoutes.userTeams.path,
    { schema: { response: { 200: teamRoutes.userTeams.response } } },
    async (request) => {
      const { teams: list, invitations } = await teams.listForUser(request.user!);
      return {
        data: list.map((team) => presentTeam(team.details, team.role, request.locale)),
        invitations: invitations.map(presentInvitationDetails),
      };
    },
  );

  app.post(
    teamRoutes.createTeam.path,
    { schema: { body: createTeamRequestSchema, response: teamAnswer(201) } },
    async (request, reply) => {
      const team = await teams.create(request.user!, request.body.name);
      return reply.status(201).send({ data: presentTeam(team.details, team.role, request.locale) });
    },
  );

  app.get(
    teamRoutes.showTeam.path,
    { schema: { params: teamParams, response: teamAnswer(200) } },
    async (request) => {
      const team = await teams.show(request.user!, request.params.team);
      return { data: presentTeam(team.details, team.role, request.locale) };
    },
  );

  app.put(
    teamRoutes.updateTeam.path,
    { schema: { params: teamParams, body: updateTeamRequestSchema, response: teamAnswer(200) } },
    async (request) => {
      const team = await teams.rename(request.user!, request.params.team, request.body.name);
      return { data: presentTeam(team.details, team.role, request.locale) };
    },
  );

  app.delete(teamRoutes.deleteTeam.path, { schema: { params: teamParams } }, async (request, reply) => {
    await teams.remove(request.user!, request.params.team);
    return reply.status(204).send();
  });

  app.put(
    teamRoutes.switchCurrentTeam.path,
    { schema: { body: switchCurrentTeamRequestSchema, response: teamAnswer(200) } },
    async (request) => {
      const team = await teams.switchCurrent(request.user!, request.body.team_id);
      return { data: presentTeam(team.details, team.role, request.locale) };
    },
  );

  app.post(
    teamRoutes.addTeamMember.path,
    { schema: { params: teamParams, body: addTeamMemberRequestSchema, response: teamAnswer(200) } },
    async (request) => {
      const team = await teams.addMember(request.user!, request.params.team, request.body);
      return { data: presentTeam(team.details, team.role, request.locale) };
    },
  );

  app.put(
    teamRoutes.updateTeamMember.path,
    { schema: { params: memberParams, body: updateTeamMemberRequestSchema, response: teamAnswer(200) } },
    async (request) => {
      const { team: teamId, user: memberId } = request.params;
      const team = await teams.updateMember(request.user!, teamId, memberId, request.body.role);
      return { data: presentTeam(team.details, team.role, request.locale) };
    },
  );

  app.delete(
    teamRoutes.removeTeamMember.path,
    { schema: { params: memberParams } },
    async (request, reply) => {
      await teams.removeMember(request.user!, request.params.team, request.params.user);
      return reply.status(204).send();
    },
  );

  app.post(
    teamRoutes.shareServer.path,
    { schema: { params: teamParams, body: shareServerRequestSchema, response: teamAnswer(200) } },
    async (request) => {
      const team = await teams.shareServer(request.user!, request.params.team, request.body.server_id);
      return { data: presentTeam(team.details, team.role, request.locale) };
    },
  );

  app.delete(teamRoutes.unshareServer.path, { schema: { params: serverParams } }, async (request, reply) => {
    await teams.unshareServer(request.user!, request.params.team, request.params.server);
    return reply.status(204).send();
  });

  app.get(
    teamRoutes.showInvitation.path,
    { schema: { params: invitationParams, response: { 200: teamRoutes.showInvitation.response } } },
    async (request) => ({
      data: presentInvitationDetails(await teams.showInvitation(request.user!, request.params.invitation)),
    }),
  );

  app.post(
    teamRoutes.acceptInvitation.path,
    { schema: { params: invitationParams, response: teamAnswer(200) } },
    async (request) => {
      const team = await teams.acceptInvitation(request.user!, request.params.invitation);
      return { data: presentTeam(team.details, team.role, request.locale) };
    },
  );

  app.delete(
    teamRoutes.deleteInvitation.path,
    { schema: { params: invitationParams } },
    async (request, reply) => {
      await teams.deleteInvitation(request.user!, request.params.invitation);
      return reply.status(204).send();
    },
  );
};
