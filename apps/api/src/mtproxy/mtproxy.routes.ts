import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mtproxyRoutes as routes } from '@hostdeck/contracts/mtproxy';
import { route } from '../http/route.js';
import type { MtproxyService } from './mtproxy.service.js';

/** MTProxy's routes (contracts `mtproxyRoutes`): reads answer at once, changes answer 201 with their event. */
export const mtproxyRoutes: FastifyPluginAsyncZod<{ mtproxy: MtproxyService }> = async (app, { mtproxy }) => {
  route(app, routes.status, {}, async ({ user, params }) => ({
    data: await mtproxy.status(user, params.server),
  }));
  route(app, routes.link, {}, async ({ user, params }) => ({
    data: await mtproxy.link(user, params.server),
  }));
  route(app, routes.log, {}, async ({ user, params, query }) => ({
    data: await mtproxy.log(user, params.server, query.lines),
  }));
  route(app, routes.apply, { status: 201 }, ({ user, params, body }) =>
    mtproxy.apply(user, params.server, body),
  );
  route(app, routes.rotate, { status: 201 }, ({ user, params }) => mtproxy.rotate(user, params.server));
  route(app, routes.service, { status: 201 }, ({ user, params }) =>
    mtproxy.service(user, params.server, params.action),
  );
};
