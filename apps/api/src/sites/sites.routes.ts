import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { SiteAccess } from './site-access.js';
import type { SiteChangesService } from './site-changes.service.js';
import type { SiteCreateService } from './site-create.service.js';
import type { SitesService } from './sites.service.js';
import { LIST_READ_CACHE_MS } from '../http/read-cache.js';

export interface SitesRoutesOptions {
  sites: SitesService;
  creation: SiteCreateService;
  changes: SiteChangesService;
  siteAccess: Pick<SiteAccess, 'authorize'>;
}

/** Calls that start an event answer 201 with it (spec/000 §4). */
const started = { status: 201 } as const;

/** Sites (spec/000 §7 api/sites…): HTTP only; the services check the policy and do the work. */
export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, options) => {
  const { sites, creation, changes } = options;

  route(app, routes.listSites, { readCacheMs: LIST_READ_CACHE_MS }, ({ user, query }) =>
    sites.list(user, query),
  );
  route(app, routes.serverSites, { readCacheMs: LIST_READ_CACHE_MS }, ({ user, query, params }) =>
    sites.list(user, query, params.server),
  );
  route(app, routes.createSite, started, ({ user, body }) => creation.create(user, body));
  route(app, routes.showSite, {}, ({ user, params }) => sites.show(user, params.site));

  route(app, routes.deleteSite, started, ({ user, params, body, query }) =>
    changes.delete(user, params.site, body?.delete_database ?? query.delete_database),
  );
  route(app, routes.rename, {}, ({ user, params, body }) => sites.rename(user, params.site, body.name));
  route(app, routes.favorite, {}, ({ user, params, body }) =>
    sites.favorite(user, params.site, body?.is_favorite),
  );
  route(app, routes.protect, {}, ({ user, params, body }) =>
    sites.protect(user, params.site, body.protected),
  );
  route(app, routes.toggle, started, ({ user, params, body }) =>
    changes.toggle(user, params.site, body?.enabled),
  );
  route(app, routes.phpVersion, started, ({ user, params, body }) =>
    changes.phpVersion(user, params.site, body.php_version),
  );
  route(app, routes.proxyPort, started, ({ user, params, body }) =>
    changes.proxyPort(user, params.site, body.proxy_port),
  );
  route(app, routes.directory, started, ({ user, params, body }) =>
    changes.directory(user, params.site, body.directory),
  );
  route(app, routes.owner, started, ({ user, params, body }) =>
    changes.owner(user, params.site, body.linux_user, body.password),
  );
  route(app, routes.alias, started, ({ user, params, body }) => changes.alias(user, params.site, body.name));
  for (const action of ['chmod', 'chown'] as const) {
    route(app, routes[action], started, ({ user, params }) => changes.permissions(user, params.site, action));
  }
  route(app, routes.lockdown, started, ({ user, params, body }) =>
    changes.lockdown(user, params.site, body.enabled),
  );
  route(app, routes.bindings, started, ({ user, params, body }) =>
    changes.bindings(user, params.site, body.ips),
  );

  for (const contract of [routes.ipRemoteCheck, routes.ipRemoteCheckPost]) {
    route(app, contract, {}, ({ user, params }) => sites.ipRemoteCheck(user, params.site));
  }
  route(app, routes.telegramNotificationOff, {}, ({ user, params }) =>
    sites.telegramNotification(user, params.site, false),
  );
  route(app, routes.telegramNotificationOn, {}, ({ user, params }) =>
    sites.telegramNotification(user, params.site, true),
  );

  route(app, routes.clone, started, async ({ user, params, body }) => {
    const { site } = await options.siteAccess.authorize(user, params.site, 'manage');
    return creation.clone(user, site, body.server_id);
  });
};
