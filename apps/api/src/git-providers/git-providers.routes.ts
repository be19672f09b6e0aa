import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gitProviderRoutes as routes } from '@hostdeck/contracts/git-providers';
import { route } from '../http/route.js';
import type { GitProvidersService } from './git-providers.service.js';

/** The account's git provider connections and their pickers (contracts `gitProviderRoutes`). */
export const gitProvidersRoutes: FastifyPluginAsyncZod<{ gitProviders: GitProvidersService }> = async (
  app,
  { gitProviders },
) => {
  route(app, routes.connections, {}, async ({ user }) => ({ data: await gitProviders.connections(user) }));
  route(app, routes.connect, {}, async ({ user, body, request }) => ({
    data: { url: await gitProviders.startConnect(user, request.sessionId, body.provider) },
  }));
  // The browser comes back from the provider with its session cookie (SameSite=Lax lets a top-level
  // GET carry it); the state is checked against that session.
  route(app, routes.callback, {}, async ({ user, query, request, reply }) => {
    const target = await gitProviders.finishConnect({
      caller: user,
      sessionId: request.sessionId,
      code: query.code,
      state: query.state,
      error: query.error,
    });
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
  route(app, routes.disconnect, {}, ({ user, params }) => gitProviders.disconnect(user, params.provider));
  route(app, routes.organizations, {}, async ({ user, params }) => ({
    data: await gitProviders.organizations(user, params.provider),
  }));
  route(app, routes.repositories, {}, async ({ user, params, query }) => ({
    data: await gitProviders.repositories(user, params.provider, query.organization),
  }));
  route(app, routes.branches, {}, async ({ user, params, query }) => ({
    data: await gitProviders.branches(user, params.provider, query.repository),
  }));
};
