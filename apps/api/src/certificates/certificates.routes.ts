import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SitesRoutesOptions } from '../sites/sites.routes.js';

/** The SSL certificates of a site (spec/000 §7 certificates). */
export const certificatesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async () => {};
