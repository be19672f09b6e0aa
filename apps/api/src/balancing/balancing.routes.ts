import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balancingRoutes as routes } from '@hostdeck/contracts/balancing';
import { route } from '../http/route.js';
import type { BalancingService } from './balancing.service.js';

/** Load balancing of a site (contracts `balancingRoutes`; spec/000 §7 balancing enable, disable, store). */
export const balancingRoutes: FastifyPluginAsyncZod<{ balancing: BalancingService }> = async (
  app,
  { balancing },
) => {
  route(app, routes.show, {}, async ({ user, params }) => ({
    data: await balancing.show(user, params.site),
  }));
  route(app, routes.store, {}, async ({ user, params, body }) => ({
    data: await balancing.store(user, params.site, body),
  }));
  route(app, routes.enable, {}, async ({ user, params }) => ({
    data: await balancing.enable(user, params.site),
  }));
  route(app, routes.deploy, { status: 201 }, ({ user, params }) => balancing.deploy(user, params.site));
  route(app, routes.disable, {}, async ({ user, params }) => ({
    data: await balancing.disable(user, params.site),
  }));
};
