import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { phpmyadminRouteContracts as routes } from '@hostdeck/contracts/phpmyadmin';
import type { PhpmyadminService } from './phpmyadmin.service.js';

/** phpMyAdmin on a site: install it, and open it signed in as a database user (spec/000 §7). */
export const phpmyadminRoutes: FastifyPluginAsyncZod<{ phpmyadmin: PhpmyadminService }> = async (
  app,
  { phpmyadmin },
) => {
  route(app, routes.install, { status: 201 }, ({ user, params }) => phpmyadmin.install(user, params.site));
  route(app, routes.login, {}, ({ user, params, body }) =>
    phpmyadmin.loginAs(user, params.site, body.database_user),
  );
};
