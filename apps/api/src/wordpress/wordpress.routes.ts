import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wordpressRoutes as routes } from '@hostdeck/contracts/wordpress';
import { route } from '../http/route.js';
import type { WordpressService } from './wordpress.service.js';

const started = { status: 201 } as const;

/** WordPress on a site (contracts `wordpressRoutes`; spec/000 §7 code install and WordPress calls). */
export const wordpressRoutesPlugin: FastifyPluginAsyncZod<{ wordpress: WordpressService }> = async (
  app,
  { wordpress },
) => {
  route(app, routes.install, started, ({ user, params, body }) => wordpress.install(user, params.site, body));
  route(app, routes.index, {}, async ({ user, params }) => ({
    data: await wordpress.index(user, params.site),
  }));
  route(app, routes.items, {}, async ({ user, params }) => ({
    data: await wordpress.items(user, params.site, params.type),
  }));
  route(app, routes.search, {}, async ({ user, params, query }) => ({
    data: await wordpress.search(user, params.site, params.type, query.q),
  }));
  route(app, routes.installItem, started, ({ user, params, body }) =>
    wordpress.installItem(user, params.site, params.type, body.slug),
  );
  route(app, routes.update, started, ({ user, params, body }) =>
    wordpress.update(user, params.site, params.type, body.slug),
  );
  route(app, routes.delete, started, ({ user, params, body }) =>
    wordpress.remove(user, params.site, params.type, body.slug),
  );
  route(app, routes.toggle, started, ({ user, params, body }) =>
    wordpress.toggle(user, params.site, params.type, body.slug, body.active),
  );
  route(app, routes.autoUpdate, started, ({ user, params, body }) =>
    wordpress.autoUpdate(user, params.site, params.type, body.slug, body.enabled),
  );
  route(app, routes.users, {}, async ({ user, params }) => ({
    data: await wordpress.users(user, params.site),
  }));
  route(app, routes.createUser, started, ({ user, params, body }) =>
    wordpress.createUser(user, params.site, body),
  );
  route(app, routes.setUserRole, started, ({ user, params, body }) =>
    wordpress.setUserRole(user, params.site, body),
  );
  route(app, routes.resetUserPassword, {}, async ({ user, params, body }) => ({
    data: await wordpress.resetUserPassword(user, params.site, body.login),
  }));
  route(app, routes.updateCore, started, ({ user, params }) => wordpress.updateCore(user, params.site));
  route(app, routes.optimization, started, ({ user, params }) =>
    wordpress.maintenance(user, params.site, { action: 'optimize' }),
  );
  route(app, routes.wprocket, started, ({ user, params, body }) =>
    wordpress.maintenance(user, params.site, { action: 'wprocket', enabled: body.enabled }),
  );
  route(app, routes.searchReplace, started, ({ user, params, body }) =>
    wordpress.maintenance(user, params.site, { action: 'search-replace', ...body }),
  );
  route(app, routes.login, {}, async ({ user, params, body }) => ({
    data: await wordpress.login(user, params.site, body.user),
  }));
  route(app, routes.revokeLogins, started, ({ user, params }) => wordpress.revokeLogins(user, params.server));
};
