import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wireguardRoutes as routes } from '@hostdeck/contracts/wireguard';
import { route } from '../http/route.js';
import type { WireguardService } from './wireguard.service.js';

/** WireGuard clients of a server (contracts `wireguardRoutes`): HTTP only, one service call each. */
export const wireguardRoutes: FastifyPluginAsyncZod<{ wireguard: WireguardService }> = async (
  app,
  { wireguard },
) => {
  route(app, routes.list, {}, ({ user, params }) => wireguard.list(user, params.server));
  route(app, routes.create, { status: 201 }, ({ user, params, body }) =>
    wireguard.create(user, params.server, body),
  );
  route(app, routes.enable, { status: 201 }, ({ user, params }) =>
    wireguard.setEnabled(user, params.server, params.client, true),
  );
  route(app, routes.disable, { status: 201 }, ({ user, params }) =>
    wireguard.setEnabled(user, params.server, params.client, false),
  );
  route(app, routes.delete, { status: 201 }, ({ user, params }) =>
    wireguard.remove(user, params.server, params.client),
  );
  route(app, routes.download, {}, async ({ user, params, query, reply }) => {
    const { name, config } = await wireguard.download(user, params.server, params.client, query.route);
    return reply
      .status(200)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.conf"`)
      .header('cache-control', 'no-store')
      .send(config);
  });
  route(app, routes.qr, {}, async ({ user, params, query, reply }) => {
    const answer = await wireguard.qr(user, params.server, params.client, query.route);
    return reply.status(200).header('cache-control', 'no-store').send(answer);
  });
};
