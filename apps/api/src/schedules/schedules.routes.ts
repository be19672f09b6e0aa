import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scheduleRoutes as routes } from '@hostdeck/contracts/schedules';
import { route } from '../http/route.js';
import type { SchedulesService } from './schedules.service.js';

/** The cron jobs of a server (spec/000 §7 schedules): HTTP only, each route one service call. */
export const schedulesRoutes: FastifyPluginAsyncZod<{ schedules: SchedulesService }> = async (
  app,
  { schedules },
) => {
  route(app, routes.list, {}, ({ user, params }) => schedules.list(user, params.server));
  route(app, routes.create, { status: 201 }, ({ user, params, body }) =>
    schedules.create(user, params.server, body),
  );
  route(app, routes.adopt, { status: 201 }, ({ user, params, body }) =>
    schedules.adopt(user, params.server, body),
  );
  route(app, routes.update, { status: 201 }, ({ user, params, body }) =>
    schedules.update(user, params.server, params.schedule, body),
  );
  route(app, routes.delete, { status: 201 }, ({ user, params }) =>
    schedules.remove(user, params.server, params.schedule),
  );
  route(app, routes.run, { status: 201 }, ({ user, params }) =>
    schedules.run(user, params.server, params.schedule),
  );
  route(app, routes.runs, {}, ({ user, params }) => schedules.runs(user, params.server, params.schedule));
  route(app, routes.script, {}, ({ user, params }) => schedules.script(user, params.server, params.schedule));
};
