import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deploymentRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { deployHookRoutes } from './deploy-hook.routes.js';
import type { DeploymentsService } from './deployments.service.js';
import type { SiteCommandsService } from './site-commands.service.js';

const started = { status: 201 } as const;

/**
 * The deployments and commands of a site (spec/000 §7 deploys, commands; repository and branch
 * PUT), and the public deploy URL (deploy-hook.routes.ts).
 */
export const deploymentsRoutes: FastifyPluginAsyncZod<{
  deployments: DeploymentsService;
  commands: SiteCommandsService;
}> = async (app, { deployments, commands }) => {
  route(app, routes.settings, {}, ({ user, params }) => deployments.settings(user, params.site));
  route(app, routes.setRepository, {}, ({ user, params, body }) =>
    deployments.setRepository(user, params.site, body.repository, body.branch),
  );
  route(app, routes.setBranch, {}, ({ user, params, body }) =>
    deployments.setBranch(user, params.site, body.branch),
  );
  route(app, routes.setScript, {}, ({ user, params, body }) =>
    deployments.setScript(user, params.site, body.script),
  );
  route(app, routes.setVariables, {}, ({ user, params, body }) =>
    deployments.setEnvironment(user, params.site, body.environment),
  );
  route(app, routes.generateKey, {}, ({ user, params }) => deployments.generateKey(user, params.site));
  route(app, routes.deleteKey, {}, ({ user, params }) => deployments.deleteKey(user, params.site));
  route(app, routes.refreshToken, {}, ({ user, params }) => deployments.refreshToken(user, params.site));
  route(app, routes.autoDeploy, {}, ({ user, params, body }) =>
    deployments.setAutoDeploy(user, params.site, body.enabled),
  );
  route(app, routes.deployNow, started, ({ user, params }) => deployments.deployNow(user, params.site));
  route(app, routes.listDeployments, {}, ({ user, params, query }) =>
    deployments.list(user, params.site, query.page, query.itemsPerPage),
  );
  route(app, routes.rollback, started, ({ user, params }) =>
    deployments.rollback(user, params.site, params.deployment),
  );
  route(app, routes.listCommands, {}, ({ user, params, query }) =>
    commands.list(user, params.site, query.page, query.itemsPerPage),
  );
  route(app, routes.runCommand, started, ({ user, params, body }) =>
    commands.run(user, params.site, body.command),
  );

  await app.register(deployHookRoutes, { deployments });
};
