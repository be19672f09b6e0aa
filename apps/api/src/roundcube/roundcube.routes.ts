import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roundcubeRouteContracts as routes } from '@hostdeck/contracts/roundcube';
import { route } from '../http/route.js';
import type { RoundcubeService } from './roundcube.service.js';

/** Roundcube on a site: install it (spec/000 §7 sites code install `roundcube`). */
export const roundcubeRoutes: FastifyPluginAsyncZod<{ roundcube: RoundcubeService }> = async (
  app,
  { roundcube },
) => {
  route(app, routes.install, { status: 201 }, ({ user, params }) => roundcube.install(user, params.site));
};
