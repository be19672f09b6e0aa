import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defaultPageRoutes as routes } from '@hostdeck/contracts/default-page';
import { route } from '../http/route.js';
import type { DefaultPageService } from './default-page.service.js';

/** GET|POST api/servers/{server}/default-page (spec/000 §7). */
export const defaultPageRoutes: FastifyPluginAsyncZod<{ defaultPage: DefaultPageService }> = async (
  app,
  { defaultPage },
) => {
  route(app, routes.show, {}, ({ user, params }) => defaultPage.show(user, params.server));
  route(app, routes.update, { status: 201, bodyLimit: 1024 * 1024 }, ({ user, params, body }) =>
    defaultPage.update(user, params.server, body.content),
  );
};
