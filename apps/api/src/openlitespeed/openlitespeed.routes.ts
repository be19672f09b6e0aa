import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openlitespeedRoutes as routes } from '@hostdeck/contracts/openlitespeed';
import { route } from '../http/route.js';
import type { OpenlitespeedService } from './openlitespeed.service.js';

/** OpenLiteSpeed (spec/000 §7): HTTP only, validation then one service call. */
export const openlitespeedRoutes: FastifyPluginAsyncZod<{ openlitespeed: OpenlitespeedService }> = async (
  app,
  { openlitespeed },
) => {
  route(app, routes.index, {}, ({ user, params }) => openlitespeed.index(user, params.server));
  route(app, routes.phpIni, {}, ({ user, params, query }) =>
    openlitespeed.phpIni(user, params.server, query.version),
  );
  route(app, routes.install, { status: 201 }, ({ user, params }) =>
    openlitespeed.install(user, params.server),
  );
  route(app, routes.adminPassword, { status: 201 }, ({ user, params, body }) =>
    openlitespeed.adminPassword(user, params.server, body),
  );
  route(app, routes.savePhpIni, { status: 201, bodyLimit: 2 * 1024 * 1024 }, ({ user, params, body }) =>
    openlitespeed.savePhpIni(user, params.server, body),
  );
  route(app, routes.restart, { status: 201 }, ({ user, params }) =>
    openlitespeed.restart(user, params.server),
  );
};
