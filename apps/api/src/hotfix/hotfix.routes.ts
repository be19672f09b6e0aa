import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hotfixRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { HotfixService } from './hotfix.service.js';

/** GET and POST api/hotfix (contracts `hotfixRoutes`, spec/000 §7): signed-in callers only. */
export const hotfixRoutes: FastifyPluginAsyncZod<{ hotfix: HotfixService }> = async (app, { hotfix }) => {
  route(app, routes.list, {}, async ({ user }) => ({ data: await hotfix.list(user) }));
  route(app, routes.run, { status: 201 }, async ({ user }) => ({ data: await hotfix.run(user) }));
};
