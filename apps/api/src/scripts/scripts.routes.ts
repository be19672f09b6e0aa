import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scriptRoutes as routes, scriptRunRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { ScriptRunsService } from './script-runs.service.js';
import type { ScriptsService } from './scripts.service.js';

/**
 * The custom-script calls of the terminal's picker, `/user/scripts` and `/scripts` (contracts
 * `scriptRoutes`, `scriptRunRoutes`).
 */
export const scriptsRoutes: FastifyPluginAsyncZod<{
  scripts: ScriptsService;
  scriptRuns: ScriptRunsService;
}> = async (app, { scripts, scriptRuns }) => {
  route(app, routes.index, {}, ({ query }) => scripts.shared(query));
  route(app, routes.mine, {}, ({ user, query }) => scripts.mine(user, query));
  route(app, routes.create, { status: 201 }, async ({ user, body }) => ({
    data: await scripts.create(user, body),
  }));
  route(app, routes.update, {}, async ({ user, params, body }) => ({
    data: await scripts.update(user, params.script, body),
  }));
  route(app, routes.destroy, {}, ({ user, params }) => scripts.remove(user, params.script));
  route(app, scriptRunRoutes.runOwn, { status: 201 }, ({ user, params, body }) =>
    scriptRuns.runOwn(user, params.script, body),
  );
  route(app, scriptRunRoutes.runShared, { status: 201 }, ({ user, params, body }) =>
    scriptRuns.runShared(user, params.script, body),
  );
};
