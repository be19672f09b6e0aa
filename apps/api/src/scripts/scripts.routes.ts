import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scriptRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { ScriptsService } from './scripts.service.js';

/** The custom-script calls of the terminal's picker (contracts `scriptRoutes`). */
export const scriptsRoutes: FastifyPluginAsyncZod<{ scripts: ScriptsService }> = async (app, { scripts }) => {
  route(app, routes.index, {}, ({ query }) => scripts.shared(query));
  route(app, routes.mine, {}, ({ user, query }) => scripts.mine(user, query));
  route(app, routes.create, { status: 201 }, async ({ user, body }) => ({
    data: await scripts.create(user, body),
  }));
  route(app, routes.update, {}, async ({ user, params, body }) => ({
    data: await scripts.update(user, params.script, body),
  }));
  route(app, routes.destroy, {}, ({ user, params }) => scripts.remove(user, params.script));
};
