import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverTransferRoutes as routes } from '@hostdeck/contracts/server-transfer';
import { route } from '../http/route.js';
import type { ServerTransferService } from './server-transfer.service.js';

/** Server transfer (spec/000 §7 `api/servers-transfer`); every rule lives in the service. */
export const serverTransferHttpRoutes: FastifyPluginAsyncZod<{
  serverTransfer: ServerTransferService;
}> = async (app, { serverTransfer }) => {
  route(app, routes.list, {}, async ({ user }) => ({ data: await serverTransfer.list(user) }));
  route(app, routes.create, { status: 201 }, async ({ user, body }) => ({
    data: await serverTransfer.offer(user, body),
  }));
  route(app, routes.update, {}, async ({ user, params, body }) => ({
    data: await serverTransfer.update(user, params.servers_transfer, body),
  }));
  route(app, routes.retryRotation, {}, async ({ user, params }) => ({
    data: await serverTransfer.retryRotation(user, params.servers_transfer),
  }));
};
