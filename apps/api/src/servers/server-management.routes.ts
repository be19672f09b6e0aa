import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeServerIpRequestSchema,
  changeServerPasswordRequestSchema,
  connectServerRequestSchema,
  deleteServerRequestSchema,
  protectServerRequestSchema,
  reinstallRequestSchema,
  renameServerRequestSchema,
  serverManagementRoutes as routes,
  setTimezoneRequestSchema,
} from '@hostdeck/contracts';
import { z } from 'zod';
import { SERVER_CONNECT_RATE_LIMIT } from './server-connect-limits.js';
import type { ServerConnectService } from './server-connect.service.js';
import type { ServerManagementService } from './server-management.service.js';

const params = z.object({ server: z.coerce.number().int().positive() });
const started = { 201: routes.clean.response };

/**
 * Connecting and managing one server (contracts `serverManagementRoutes`). HTTP only: the schema
 * validates, the service checks the policy and does the work. Calls that start an event answer
 * 201 with it (spec/000 §4).
 */
export const serverManagementRoutes: FastifyPluginAsyncZod<{
  connect: ServerConnectService;
  management: ServerManagementService;
}> = async (app, { connect, management }) => {
  app.post(
    routes.connectServer.path,
    {
      schema: { body: connectServerRequestSchema, response: { 201: routes.connectServer.response } },
      config: { rateLimit: SERVER_CONNECT_RATE_LIMIT },
    },
    async (request, reply) => {
      const data = await connect.connect(request.user!, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    routes.verifyConnection.path,
    {
      schema: { params, response: { 200: routes.verifyConnection.response } },
      config: { rateLimit: SERVER_CONNECT_RATE_LIMIT },
    },
    async (request) => ({ data: await connect.verifyConnection(request.user!, request.params.server) }),
  );

  app.get(
    routes.serverDetail.path,
    { schema: { params, response: { 200: routes.serverDetail.response } } },
    async (request) => ({ data: await management.show(request.user!, request.params.server) }),
  );

  app.get(
    routes.systemInfo.path,
    { schema: { params, response: { 200: routes.systemInfo.response } } },
    async (request) => management.systemInfo(request.user!, request.params.server),
  );

  app.put(
    routes.rename.path,
    { schema: { params, body: renameServerRequestSchema, response: { 200: routes.rename.response } } },
    async (request) => ({
      data: await management.rename(request.user!, request.params.server, request.body.name),
    }),
  );

  app.put(
    routes.changeIp.path,
    {
      schema: { params, body: changeServerIpRequestSchema, response: { 200: routes.changeIp.response } },
      config: { rateLimit: SERVER_CONNECT_RATE_LIMIT },
    },
    async (request) => ({
      data: await management.changeIp(request.user!, request.params.server, request.body.ip),
    }),
  );

  app.put(
    routes.changePassword.path,
    { schema: { params, body: changeServerPasswordRequestSchema } },
    async (request, reply) => {
      await management.changePassword(request.user!, request.params.server, request.body.password);
      return reply.status(204).send();
    },
  );

  app.get(
    routes.getTimezone.path,
    { schema: { params, response: { 200: routes.getTimezone.response } } },
    async (request) => management.timezone(request.user!, request.params.server),
  );

  app.post(
    routes.setTimezone.path,
    { schema: { params, body: setTimezoneRequestSchema, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await management.setTimezone(request.user!, request.params.server, request.body.timezone)),
  );

  app.post(
    routes.protect.path,
    { schema: { params, body: protectServerRequestSchema, response: { 200: routes.protect.response } } },
    async (request) => ({
      data: await management.protect(request.user!, request.params.server, request.body.protected),
    }),
  );

  for (const mode of ['normal', 'hard'] as const) {
    app.post(
      mode === 'normal' ? routes.restartNormal.path : routes.restartHard.path,
      { schema: { params, response: started } },
      async (request, reply) =>
        reply.status(201).send(await management.restart(request.user!, request.params.server, mode)),
    );
  }

  app.post(routes.clean.path, { schema: { params, response: started } }, async (request, reply) =>
    reply.status(201).send(await management.clean(request.user!, request.params.server)),
  );

  app.post(routes.hotfix.path, { schema: { params, response: started } }, async (request, reply) =>
    reply.status(201).send(await management.hotfix(request.user!, request.params.server)),
  );

  app.post(
    routes.reinstall.path,
    { schema: { params, body: reinstallRequestSchema.nullish(), response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await management.reinstall(request.user!, request.params.server, request.body?.from_step)),
  );

  app.delete(
    routes.deleteServer.path,
    { schema: { params, body: deleteServerRequestSchema } },
    async (request, reply) => {
      await management.delete(request.user!, request.params.server, request.body.name);
      return reply.status(204).send();
    },
  );
};
