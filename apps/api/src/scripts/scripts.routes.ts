import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customScriptInputSchema,
  scriptParamsSchema,
  scriptRoutes as routes,
  scriptsQuerySchema,
} from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { createScriptsRepository } from './scripts.repository.js';
import { createScriptsService } from './scripts.service.js';

/** The custom-script calls of the terminal's picker (contracts `scriptRoutes`). */
export const scriptsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, options) => {
  const scripts = createScriptsService(createScriptsRepository(options.db));

  app.get(
    routes.index.path,
    { schema: { querystring: scriptsQuerySchema, response: { 200: routes.index.response } } },
    async (request) => scripts.shared(request.query),
  );

  app.get(
    routes.mine.path,
    { schema: { querystring: scriptsQuerySchema, response: { 200: routes.mine.response } } },
    async (request) => scripts.mine(request.user!, request.query),
  );

  app.post(
    routes.create.path,
    { schema: { body: customScriptInputSchema, response: { 201: routes.create.response } } },
    async (request, reply) =>
      reply.status(201).send({ data: await scripts.create(request.user!, request.body) }),
  );

  app.put(
    routes.update.path,
    {
      schema: {
        params: scriptParamsSchema,
        body: customScriptInputSchema,
        response: { 200: routes.update.response },
      },
    },
    async (request) => ({ data: await scripts.update(request.user!, request.params.script, request.body) }),
  );

  app.delete(routes.destroy.path, { schema: { params: scriptParamsSchema } }, async (request, reply) => {
    await scripts.remove(request.user!, request.params.script);
    return reply.status(204).send();
  });
};
