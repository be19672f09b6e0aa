import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firewall8gRoutes as routes } from '@hostdeck/contracts/firewall-8g';
import { route } from '../http/route.js';
import type { Firewall8gService } from './firewall-8g.service.js';

/** GET|POST|DELETE api/sites/{site}/8gfirewall (spec/000 §7; GET is the panel's own). */
export const firewall8gRoutesPlugin: FastifyPluginAsyncZod<{ firewall8g: Firewall8gService }> = async (
  app,
  { firewall8g },
) => {
  route(app, routes.show, {}, ({ user, params }) => firewall8g.show(user, params.site));
  route(app, routes.enable, { status: 201 }, ({ user, params }) => firewall8g.enable(user, params.site));
  route(app, routes.disable, { status: 201 }, ({ user, params }) => firewall8g.disable(user, params.site));
};
