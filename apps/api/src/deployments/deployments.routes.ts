import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autoDeployRequestSchema,
  deploymentListQuerySchema,
  deploymentRoutes,
  deployScriptRequestSchema,
  deployVariablesRequestSchema,
  siteBranchRequestSchema,
  siteCommandRequestSchema,
  siteRepositoryRequestSchema,
} from '@hostdeck/contracts';
import { createSiteAccess } from '../sites/site-access.js';
import type { SitesRoutesOptions } from '../sites/sites.routes.js';
import { registerDeploymentTasks } from './deployment-tasks.js';
import { deployHookRoutes } from './deploy-hook.routes.js';
import { createDeploymentsRepository } from './deployments.repository.js';
import { createDeploymentsService } from './deployments.service.js';
import { createSiteCommandsService } from './site-commands.service.js';

const id = z.coerce.number().int().positive();
const siteParams = z.object({ site: id });
const deploymentParams = siteParams.extend({ deployment: id });
const routes = deploymentRoutes;

/**
 * The deployments and commands of a site (spec/000 §7 deploys, commands; repository and branch
 * PUT), and the public deploy URL (deploy-hook.routes.ts).
 */
export const deploymentsRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, options) => {
  const access = createSiteAccess(options);
  const repository = createDeploymentsRepository(options.db);
  const deployments = createDeploymentsService({
    repository,
    access,
    events: options.events,
    secretBox: options.secretBox,
    appUrl: options.config.appUrl,
  });
  const commands = createSiteCommandsService({ repository, access, events: options.events });
  registerDeploymentTasks({
    db: options.db,
    hooks: options.hooks,
    bus: options.bus,
    secretBox: options.secretBox,
    repository,
    loadSite: access.loadSite,
  });

  const settings = { 200: routes.settings.response };
  const caller = (user: { id: number; name: string } | null) => ({ id: user!.id, name: user!.name });

  app.get(routes.settings.path, { schema: { params: siteParams, response: settings } }, async (request) =>
    deployments.settings(request.user!, request.params.site),
  );

  app.put(
    routes.setRepository.path,
    { schema: { params: siteParams, body: siteRepositoryRequestSchema, response: settings } },
    async (request) =>
      deployments.setRepository(
        request.user!,
        request.params.site,
        request.body.repository,
        request.body.branch,
      ),
  );

  app.put(
    routes.setBranch.path,
    { schema: { params: siteParams, body: siteBranchRequestSchema, response: settings } },
    async (request) => deployments.setBranch(request.user!, request.params.site, request.body.branch),
  );

  app.put(
    routes.setScript.path,
    { schema: { params: siteParams, body: deployScriptRequestSchema, response: settings } },
    async (request) => deployments.setScript(request.user!, request.params.site, request.body.script),
  );

  app.put(
    routes.setVariables.path,
    { schema: { params: siteParams, body: deployVariablesRequestSchema, response: settings } },
    async (request) =>
      deployments.setEnvironment(request.user!, request.params.site, request.body.environment),
  );

  app.post(routes.generateKey.path, { schema: { params: siteParams, response: settings } }, async (request) =>
    deployments.generateKey(request.user!, request.params.site),
  );

  app.delete(routes.deleteKey.path, { schema: { params: siteParams, response: settings } }, async (request) =>
    deployments.deleteKey(request.user!, request.params.site),
  );

  app.post(
    routes.refreshToken.path,
    { schema: { params: siteParams, response: settings } },
    async (request) => deployments.refreshToken(request.user!, request.params.site),
  );

  app.post(
    routes.autoDeploy.path,
    { schema: { params: siteParams, body: autoDeployRequestSchema, response: settings } },
    async (request) => deployments.setAutoDeploy(request.user!, request.params.site, request.body.enabled),
  );

  app.post(
    routes.deployNow.path,
    { schema: { params: siteParams, response: { 201: routes.deployNow.response } } },
    async (request, reply) =>
      reply.status(201).send(await deployments.deployNow(caller(request.user), request.params.site)),
  );

  app.get(
    routes.listDeployments.path,
    {
      schema: {
        params: siteParams,
        querystring: deploymentListQuerySchema,
        response: { 200: routes.listDeployments.response },
      },
    },
    async (request) =>
      deployments.list(request.user!, request.params.site, request.query.page, request.query.itemsPerPage),
  );

  app.post(
    routes.rollback.path,
    { schema: { params: deploymentParams, response: { 201: routes.rollback.response } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await deployments.rollback(caller(request.user), request.params.site, request.params.deployment),
        ),
  );

  app.get(
    routes.listCommands.path,
    {
      schema: {
        params: siteParams,
        querystring: deploymentListQuerySchema,
        response: { 200: routes.listCommands.response },
      },
    },
    async (request) =>
      commands.list(request.user!, request.params.site, request.query.page, request.query.itemsPerPage),
  );

  app.post(
    routes.runCommand.path,
    {
      schema: {
        params: siteParams,
        body: siteCommandRequestSchema,
        response: { 201: routes.runCommand.response },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await commands.run(caller(request.user), request.params.site, request.body.command)),
  );

  await app.register(deployHookRoutes, { deployments });
};
