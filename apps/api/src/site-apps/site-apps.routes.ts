import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteAppsRoutes as routes } from '@hostdeck/contracts/site-apps';
import { route } from '../http/route.js';
import type { SiteAppsService } from './site-apps.service.js';

const started = { status: 201 } as const;

/** The app catalogue, the uninstall and Tiny File Manager's removal of a site (contracts `siteAppsRoutes`). */
export const siteAppsRoutesPlugin: FastifyPluginAsyncZod<{ siteApps: SiteAppsService }> = async (
  app,
  { siteApps },
) => {
  route(app, routes.catalogue, {}, async ({ user, params }) => ({
    data: await siteApps.catalogue(user, params.site),
  }));
  route(app, routes.installUptimeKuma, started, ({ user, params }) =>
    siteApps.install(user, params.site, 'uptime-kuma'),
  );
  route(app, routes.installChatwoot, started, ({ user, params }) =>
    siteApps.install(user, params.site, 'chatwoot'),
  );
  route(app, routes.installImunifyav, started, ({ user, params }) =>
    siteApps.install(user, params.site, 'imunifyav'),
  );
  route(app, routes.uninstall, {}, ({ user, params, body }) => siteApps.uninstall(user, params.site, body));
  route(app, routes.removeTinyFileManager, {}, ({ user, params }) =>
    siteApps.removeTinyFileManager(user, params.site),
  );
};
