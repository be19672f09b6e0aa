import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverManagementRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { SERVER_CONNECT_RATE_LIMIT } from './server-connect-limits.js';
import type { ServerConnectService } from './server-connect.service.js';
import type { ServerManagementService } from './server-management.service.js';

/** Calls that start an event answer 201 with it (spec/000 §4). */
const started = { status: 201 } as const;
const connectLimit = { config: { rateLimit: SERVER_CONNECT_RATE_LIMIT } } as const;

/**
 * Connecting and managing one server (contracts `serverManagementRoutes`). HTTP only: the schema
 * validates, the service checks the policy and does the work.
 */
export const serverManagementRoutes: FastifyPluginAsyncZod<{
  connect: ServerConnectService;
  management: ServerManagementService;
}> = async (app, { connect, management }) => {
  route(app, routes.connectServer, { ...started, ...connectLimit }, async ({ user, body }) => ({
    data: await connect.connect(user, body),
  }));
  route(app, routes.verifyConnection, connectLimit, async ({ user, params }) => ({
    data: await connect.verifyConnection(user, params.server),
  }));
  route(app, routes.serverDetail, {}, async ({ user, params }) => ({
    data: await management.show(user, params.server),
  }));
  route(app, routes.systemInfo, {}, ({ user, params }) => management.systemInfo(user, params.server));
  route(app, routes.rename, {}, async ({ user, params, body }) => ({
    data: await management.rename(user, params.server, body.name),
  }));
  route(app, routes.changeIp, connectLimit, async ({ user, params, body }) => ({
    data: await management.changeIp(user, params.server, body.ip),
  }));
  route(app, routes.changePassword, {}, ({ user, params, body }) =>
    management.changePassword(user, params.server, body.password),
  );
  route(app, routes.getTimezone, {}, ({ user, params }) => management.timezone(user, params.server));
  route(app, routes.setTimezone, started, ({ user, params, body }) =>
    management.setTimezone(user, params.server, body.timezone),
  );
  route(app, routes.protect, {}, async ({ user, params, body }) => ({
    data: await management.protect(user, params.server, body.protected),
  }));
  route(app, routes.restartNormal, started, ({ user, params }) =>
    management.restart(user, params.server, 'normal'),
  );
  route(app, routes.restartHard, started, ({ user, params }) =>
    management.restart(user, params.server, 'hard'),
  );
  route(app, routes.clean, started, ({ user, params }) => management.clean(user, params.server));
  route(app, routes.hotfix, started, ({ user, params }) => management.hotfix(user, params.server));
  route(app, routes.reinstall, started, ({ user, params, body }) =>
    management.reinstall(user, params.server, body?.from_step),
  );
  route(app, routes.deleteServer, {}, ({ user, params, body }) =>
    management.delete(user, params.server, body.name),
  );
};
