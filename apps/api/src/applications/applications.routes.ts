import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLICATION_ACTIONS,
  applicationListQuerySchema,
  serverManagementRoutes,
  type autoRestartRequestSchema,
  type installApplicationRequestSchema,
} from '@hostdeck/contracts';
import { applicationNameInputSchema } from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { EventsService } from '../events/events.service.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import { createServerConnections } from '../servers/server-connection.js';
import { createApplicationInventoryReader } from './application-inventory-reader.js';
import { createApplicationsRepository } from './applications.repository.js';
import { createApplicationsService } from './applications.service.js';

const serverParams = z.object({ server: z.coerce.number().int().positive() });
// The recipes' grammar, whose message for an unknown name is translated ("Unknown application").
const applicationParams = serverParams.extend({ application: applicationNameInputSchema });
const actionParams = applicationParams.extend({
  action: z.enum(APPLICATION_ACTIONS, { error: 'Invalid value' }),
});
// The contracts' installApplicationRequestSchema, with the recipes' translated message.
const installBody = z.strictObject({ name: applicationNameInputSchema }) satisfies z.ZodType<
  z.infer<typeof installApplicationRequestSchema>
>;
// The contracts' autoRestartRequestSchema, with messages the API translates ("Required", "Invalid value").
const autoRestartBody = z.strictObject({
  enabled: z.boolean({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid value') }),
}) satisfies z.ZodType<z.infer<typeof autoRestartRequestSchema>>;
const started = { 201: serverManagementRoutes.installApplication.response };

export interface ApplicationsRoutesOptions {
  db: Database;
  events: EventsService;
  executor: RemoteExecutor;
  secretBox: SecretBox;
}

/** A server's applications (spec/000 §7: api/servers/{server}/applications…). */
export const applicationsRoutes: FastifyPluginAsyncZod<ApplicationsRoutesOptions> = async (app, options) => {
  const applications = createApplicationsService({
    policy: createAccessPolicy(options.db),
    repository: createApplicationsRepository(options.db),
    inventory: createApplicationInventoryReader({
      executor: options.executor,
      connections: createServerConnections(options.db, options.secretBox),
    }),
    events: options.events,
  });
  const routes = serverManagementRoutes;

  app.get(
    routes.applications.path,
    {
      schema: {
        params: serverParams,
        querystring: applicationListQuerySchema,
        response: { 200: routes.applications.response },
      },
    },
    async (request) => applications.list(request.user!, request.params.server, request.query, request.locale),
  );

  app.post(
    routes.installApplication.path,
    { schema: { params: serverParams, body: installBody, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await applications.install(request.user!, request.params.server, request.body.name)),
  );

  app.delete(
    routes.uninstallApplication.path,
    { schema: { params: applicationParams, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await applications.uninstall(request.user!, request.params.server, request.params.application)),
  );

  // Registered before `:action`: find-my-way prefers the static segment either way.
  app.post(
    routes.autoRestart.path,
    { schema: { params: applicationParams, body: autoRestartBody, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await applications.autoRestart(
            request.user!,
            request.params.server,
            request.params.application,
            request.body.enabled,
          ),
        ),
  );

  app.post(
    routes.applicationAction.path,
    { schema: { params: actionParams, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await applications.serviceAction(
            request.user!,
            request.params.server,
            request.params.application,
            request.params.action,
          ),
        ),
  );
};
