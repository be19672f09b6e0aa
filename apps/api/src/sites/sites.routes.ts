import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchablePageQuerySchema, siteRoutes } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { createSitesService } from './sites.service.js';

/** Sites the caller may reach (spec/000 §7 api/sites). `db` is for the sites issue's repository. */
export const sitesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app) => {
  const sites = createSitesService();

  app.get(
    siteRoutes.listSites.path,
    {
      schema: { querystring: searchablePageQuerySchema, response: { 200: siteRoutes.listSites.response } },
    },
    async (request) => sites.list(request.user!, request.query),
  );
};
