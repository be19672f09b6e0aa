import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monitoringRoutes as routes } from '@hostdeck/contracts/monitoring';
import { route } from '../http/route.js';
import type { MonitoringService } from './monitoring.service.js';

/** GET …/metrics?range=, GET and PUT …/monitoring (the thresholds): each one service call. */
export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (
  app,
  { monitoring },
) => {
  route(app, routes.metrics, {}, ({ user, params, query }) =>
    monitoring.metrics(user, params.server, query.range),
  );
  route(app, routes.settings, {}, ({ user, params }) => monitoring.settings(user, params.server));
  route(app, routes.updateSettings, {}, ({ user, params, body }) =>
    monitoring.updateSettings(user, params.server, body),
  );
};
