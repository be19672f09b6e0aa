import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vpsRoutes as routes } from '@hostdeck/contracts/vps';
import { route } from '../http/route.js';
import type { VpsService } from './vps.service.js';

/** The account's VPS providers: credentials, regions and plans, servers made there (contracts `vpsRoutes`). */
export const vpsRoutes: FastifyPluginAsyncZod<{ vps: VpsService }> = async (app, { vps }) => {
  route(app, routes.listCredentials, {}, async ({ user }) => ({ data: await vps.list(user) }));
  route(app, routes.createCredential, { status: 201 }, async ({ user, body }) => ({
    data: await vps.create(user, body),
  }));
  route(app, routes.showCredential, {}, async ({ user, params }) => ({
    data: await vps.show(user, params.credential),
  }));
  route(app, routes.updateCredential, {}, async ({ user, params, body }) => ({
    data: await vps.update(user, params.credential, body),
  }));
  route(app, routes.deleteCredential, {}, ({ user, params }) => vps.remove(user, params.credential));
  route(app, routes.regions, {}, async ({ user, params, query }) => ({
    data: await vps.regions(user, params.provider, query.credential),
  }));
  route(app, routes.plans, {}, async ({ user, params, query }) => ({
    data: await vps.plans(user, params.provider, params.region, query.credential),
  }));
  route(app, routes.unmanagedMachines, {}, async ({ user, params }) => ({
    data: await vps.unmanaged(user, params.credential),
  }));
  route(app, routes.listServers, {}, async ({ user }) => ({ data: await vps.listServers(user) }));
  route(app, routes.createServer, { status: 202 }, async ({ user, body }) => ({
    data: await vps.createServer(user, body),
  }));
  route(app, routes.resumeServer, { status: 202 }, ({ user, params }) => vps.resume(user, params.server));
  route(app, routes.deleteServer, {}, ({ user, params, body }) =>
    vps.deleteServer(user, params.server, body.name),
  );
};
