import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SITE_LOG_KINDS,
  createSiteConfigRequestSchema,
  siteConfigNameSchema,
  siteConfigRoutes as routes,
  siteLogQuerySchema,
  updateSiteConfigRequestSchema,
} from '@hostdeck/contracts';
import type { SitesRoutesOptions } from '../sites/sites.routes.js';
import { createSiteAccess } from '../sites/site-access.js';
import { createSiteConfigsService } from './site-configs.service.js';

const siteParams = z.object({ site: z.coerce.number().int().positive() });
const configParams = siteParams.extend({ name: siteConfigNameSchema });
const logParams = siteParams.extend({ kind: z.enum(SITE_LOG_KINDS) });
/**
 * A config may be 1 MiB of text (contracts SITE_CONFIG_MAX_BYTES, checked by the schema); its
 * JSON encoding is larger (escapes), so these two routes accept a larger body than the app's 1 MiB.
 */
const CONFIG_BODY_LIMIT = 8 * 1024 * 1024;

/** The web server configs and logs of a site (spec/000 §7 configs CRUD; §2 error-log, access-log). */
export const siteConfigsRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, options) => {
  const configs = createSiteConfigsService({
    access: createSiteAccess({ db: options.db, secretBox: options.secretBox, executor: options.executor }),
  });

  app.get(
    routes.listConfigs.path,
    { schema: { params: siteParams, response: { 200: routes.listConfigs.response } } },
    async (request) => configs.list(request.user!, request.params.site),
  );

  app.get(
    routes.showConfig.path,
    { schema: { params: configParams, response: { 200: routes.showConfig.response } } },
    async (request) => configs.read(request.user!, request.params.site, request.params.name),
  );

  app.post(
    routes.createConfig.path,
    {
      bodyLimit: CONFIG_BODY_LIMIT,
      schema: {
        params: siteParams,
        body: createSiteConfigRequestSchema,
        response: { 201: routes.createConfig.response },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await configs.create(request.user!, request.params.site, request.body)),
  );

  app.put(
    routes.updateConfig.path,
    {
      bodyLimit: CONFIG_BODY_LIMIT,
      schema: {
        params: configParams,
        body: updateSiteConfigRequestSchema,
        response: { 200: routes.updateConfig.response },
      },
    },
    async (request) =>
      configs.update(request.user!, request.params.site, request.params.name, request.body.content),
  );

  app.delete(routes.deleteConfig.path, { schema: { params: configParams } }, async (request, reply) => {
    await configs.remove(request.user!, request.params.site, request.params.name);
    return reply.status(204).send();
  });

  app.get(
    routes.showLog.path,
    {
      schema: {
        params: logParams,
        querystring: siteLogQuerySchema,
        response: { 200: routes.showLog.response },
      },
    },
    async (request) =>
      configs.readLog(request.user!, request.params.site, request.params.kind, request.query.lines),
  );
};
