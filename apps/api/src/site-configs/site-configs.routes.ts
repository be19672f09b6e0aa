import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { SiteConfigsService } from './site-configs.service.js';

/**
 * A config may be 1 MiB of text (contracts SITE_CONFIG_MAX_BYTES, checked by the schema); its
 * JSON encoding is larger (escapes), so these two routes accept a larger body than the app's 1 MiB.
 */
const CONFIG_BODY_LIMIT = 8 * 1024 * 1024;

/** The web server configs and logs of a site (spec/000 §7 configs CRUD; §2 error-log, access-log). */
export const siteConfigsRoutes: FastifyPluginAsyncZod<{ configs: SiteConfigsService }> = async (
  app,
  { configs },
) => {
  const large = { bodyLimit: CONFIG_BODY_LIMIT };
  route(app, routes.listConfigs, {}, ({ user, params }) => configs.list(user, params.site));
  route(app, routes.showConfig, {}, ({ user, params }) => configs.read(user, params.site, params.name));
  route(app, routes.createConfig, { ...large, status: 201 }, ({ user, params, body }) =>
    configs.create(user, params.site, body),
  );
  route(app, routes.updateConfig, large, ({ user, params, body }) =>
    configs.update(user, params.site, params.name, body.content),
  );
  route(app, routes.deleteConfig, {}, ({ user, params }) => configs.remove(user, params.site, params.name));
  route(app, routes.showLog, {}, ({ user, params, query }) =>
    configs.readLog(user, params.site, params.kind, query.lines),
  );
};
