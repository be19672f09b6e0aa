import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokenRoutes as routes, teamApiTokenRoutes as team } from '@hostdeck/contracts/api-tokens';
import { route } from '../http/route.js';
import type { ApiTokensService } from './api-tokens.service.js';

/** The account's API tokens (contracts `apiTokenRoutes`); a token cannot call these (token-auth.ts). */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (
  app,
  { apiTokens },
) => {
  const sessionOnly = { config: { sessionOnly: true } } as const;
  route(app, routes.list, sessionOnly, async ({ user }) => ({ data: await apiTokens.list(user) }));
  route(app, routes.create, { ...sessionOnly, status: 201 }, async ({ user, body }) => ({
    data: await apiTokens.create(user, body),
  }));
  route(app, routes.destroy, sessionOnly, ({ user, params }) => apiTokens.remove(user, params.apiTokenId));
  // A team's tokens (its owner and administrators, on the team page).
  route(app, team.list, sessionOnly, async ({ user, params }) => ({
    data: await apiTokens.listTeam(user, params.team),
  }));
  route(app, team.create, { ...sessionOnly, status: 201 }, async ({ user, params, body }) => ({
    data: await apiTokens.createTeam(user, params.team, body),
  }));
  route(app, team.destroy, sessionOnly, ({ user, params }) =>
    apiTokens.removeTeam(user, params.team, params.apiTokenId),
  );
};
