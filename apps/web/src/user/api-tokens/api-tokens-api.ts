import { useQuery } from '@tanstack/react-query';
import {
  apiTokenRoutes as routes,
  teamApiTokenRoutes as teamRoutes,
  type CreateApiTokenBody,
} from '@hostdeck/contracts/api-tokens';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

export const apiTokensKey = ['api-tokens'] as const;

export const useApiTokens = () =>
  useQuery({
    queryKey: apiTokensKey,
    queryFn: async () => (await apiGetParsed(routes.list.path, routes.list.response)).data,
  });

/** The new token, with its secret: the only time the panel shows it. */
export const createApiToken = async (body: CreateApiTokenBody) =>
  (await apiSend('POST', routes.create.path, body, routes.create.response)).data;

export const deleteApiToken = (id: number) =>
  apiSend('DELETE', apiPath(routes.destroy.path, { apiTokenId: id }), undefined, { parse: () => undefined });

/** A team's tokens (its owner and administrators): the same calls under /api/teams/{team}. */
export const teamApiTokensKey = (teamId: number) => ['team-api-tokens', teamId] as const;

export const useTeamApiTokens = (teamId: number) =>
  useQuery({
    queryKey: teamApiTokensKey(teamId),
    queryFn: async () =>
      (await apiGetParsed(apiPath(teamRoutes.list.path, { team: teamId }), teamRoutes.list.response)).data,
  });

export const createTeamApiToken = (teamId: number) => async (body: CreateApiTokenBody) =>
  (await apiSend('POST', apiPath(teamRoutes.create.path, { team: teamId }), body, teamRoutes.create.response))
    .data;

export const deleteTeamApiToken = (teamId: number) => (id: number) =>
  apiSend('DELETE', apiPath(teamRoutes.destroy.path, { team: teamId, apiTokenId: id }), undefined, {
    parse: () => undefined,
  });
