import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchablePageQuerySchema, siteRoutes } from '@hostdeck/contracts';
import type { Config } from '../config/config.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { EventsService } from '../events/events.service.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import { createSitesService } from './sites.service.js';

export interface SitesRoutesOptions {
  db: Database;
  bus: RealtimeBus;
  events: EventsService;
  executor: RemoteExecutor;
  secretBox: SecretBox;
  hooks: EventHooks;
  config: Config;
}

/** Sites the caller may reach (spec/000 §7 api/sites). */
export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app) => {
  const sites = createSitesService();

  app.get(
    siteRoutes.listSites.path,
    {
      schema: { querystring: searchablePageQuerySchema, response: { 200: siteRoutes.listSites.response } },
    },
    async (request) => sites.list(request.user!, request.query),
  );
};
