import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SitesRoutesOptions } from '../sites/sites.routes.js';

/** The web server configs and logs of a site (spec/000 §7 configs). */
export const siteConfigsRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async () => {};
