import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AGENT_INSTALL_EVENT_TYPE,
  agentChangelogQuerySchema,
  agentInstallQuerySchema,
  agentRoutes as routes,
  serverAgentTokenRequestSchema,
  siteAgentTokenRequestSchema,
} from '@hostdeck/contracts';
import type { Config } from '../config/config.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { servers } from '../database/schema.js';
import type { EventsService } from '../events/events.service.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import { SERVER_EVENTS } from '../servers/server-events.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import { loadOrCreateAgentKeys } from './agent-keys.js';
import { agentProxyRoutes } from './agent-proxy.js';
import { createAgentService } from './agent.service.js';

export interface AgentRoutesOptions {
  db: Database;
  bus: RealtimeBus;
  events: EventsService;
  secretBox: SecretBox;
  hooks: EventHooks;
  config: Config;
}

/**
 * The agent's panel calls (contracts `agentRoutes`, spec/001 §7): tokens for a server or a site,
 * installing or upgrading the agent, its changelog (public, spec/000 §7), and the file proxy.
 */
export const agentRoutes: FastifyPluginAsyncZod<AgentRoutesOptions> = async (app, options) => {
  const { db, bus, config } = options;
  const policy = createAccessPolicy(db);
  const signer = loadOrCreateAgentKeys(config.dataDir, options.secretBox);
  const agent = createAgentService({
    db,
    policy,
    events: options.events,
    signer,
    appUrl: config.appUrl,
    allowedOrigins: config.allowedOrigins,
    publish: (userIds, keys) => {
      for (const userId of userIds) bus.publish(userId, { type: 'Update-data', keys: [...keys] });
    },
    log: (message, details) => app.log.info(details, message),
  });
  options.hooks.onFinished(AGENT_INSTALL_EVENT_TYPE, (event) => agent.settleInstall(event));
  // A freshly provisioned server gets its agent (issue 6), as if POST api/servers/agent/install.
  options.hooks.onFinished(SERVER_EVENTS.provision.type, (event) => agent.installAfterProvision(event));

  app.post(
    routes.serverToken.path,
    { schema: { body: serverAgentTokenRequestSchema, response: { 200: routes.serverToken.response } } },
    async (request) => agent.serverToken(request.user!, request.body.server),
  );

  app.post(
    routes.siteToken.path,
    { schema: { body: siteAgentTokenRequestSchema, response: { 200: routes.siteToken.response } } },
    async (request) => agent.siteToken(request.user!, request.body.site),
  );

  app.post(
    routes.install.path,
    {
      schema: {
        body: serverAgentTokenRequestSchema,
        querystring: agentInstallQuerySchema,
        response: { 201: routes.install.response },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await agent.install(request.user!, request.body.server) }),
  );

  app.get(
    routes.changelog.path,
    {
      schema: { querystring: agentChangelogQuerySchema, response: { 200: routes.changelog.response } },
      config: { public: true },
    },
    async (request) => ({ data: agent.changelog(request.query.version) }),
  );

  await app.register(agentProxyRoutes, {
    policy,
    allowedOrigins: config.allowedOrigins,
    agentAddress: async (serverId) => {
      const [server] = await db
        .select({ ip: servers.ip })
        .from(servers)
        .where(eq(servers.id, serverId))
        .limit(1);
      return server?.ip ?? null;
    },
  });
};
