import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SitesRoutesOptions } from '../sites/sites.routes.js';

/** The deployments and commands of a site (spec/000 §7 deploys, commands). */
export const deploymentsRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async () => {};
