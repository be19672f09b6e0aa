import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentRoutes as routes } from '@hostdeck/contracts';
import type { Config } from '../config/config.js';
import { route } from '../http/route.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { agentProxyRoutes } from './agent-proxy.js';
import type { AgentService } from './agent.service.js';

export interface AgentRoutesOptions {
  agent: AgentService;
  policy: AccessPolicy;
  servers: Pick<ServersRepository, 'findRow'>;
  config: Pick<Config, 'allowedOrigins'>;
}

/**
 * The agent's panel calls (contracts `agentRoutes`, spec/001 §7): tokens for a server or a site,
 * installing or upgrading the agent, its changelog (public, spec/000 §7), and the file proxy.
 */
export const agentRoutes: FastifyPluginAsyncZod<AgentRoutesOptions> = async (app, options) => {
  const { agent } = options;
  route(app, routes.serverToken, {}, ({ user, body }) => agent.serverToken(user, body.server));
  route(app, routes.siteToken, {}, ({ user, body }) => agent.siteToken(user, body.site));
  route(app, routes.install, { status: 201 }, async ({ user, body }) => ({
    data: await agent.install(user, body.server),
  }));
  route(app, routes.changelog, { public: true }, ({ query }) => ({ data: agent.changelog(query.version) }));

  await app.register(agentProxyRoutes, {
    policy: options.policy,
    allowedOrigins: options.config.allowedOrigins,
    agentAddress: async (serverId) => (await options.servers.findRow(serverId))?.ip ?? null,
  });
};
