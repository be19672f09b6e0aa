import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNetworkRoutes as routes } from '@hostdeck/contracts/private-networks';
import { route } from '../http/route.js';
import type { PrivateNetworksService } from './private-networks.service.js';

/** Private networks (contracts `privateNetworkRoutes`). */
export const privateNetworksRoutes: FastifyPluginAsyncZod<{
  privateNetworks: PrivateNetworksService;
}> = async (app, { privateNetworks }) => {
  route(app, routes.list, {}, async ({ user }) => ({ data: await privateNetworks.list(user) }));
  route(app, routes.ofServer, {}, async ({ user, params }) => ({
    data: await privateNetworks.listOfServer(user, params.server),
  }));
  route(app, routes.create, { status: 201 }, async ({ user, body }) => ({
    data: await privateNetworks.create(user, body),
  }));
  route(app, routes.destroy, { status: 201 }, async ({ user, params }) => ({
    data: await privateNetworks.destroy(user, params.network),
  }));
  route(app, routes.addMember, { status: 201 }, async ({ user, params, body }) => ({
    data: await privateNetworks.addMember(user, params.network, body.server_id),
  }));
  route(app, routes.removeMember, { status: 201 }, async ({ user, params }) => ({
    data: await privateNetworks.removeMember(user, params.network, params.server),
  }));
};
