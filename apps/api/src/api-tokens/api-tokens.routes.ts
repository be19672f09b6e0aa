import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokenRoutes as routes } from '@hostdeck/contracts/api-tokens';
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
};
