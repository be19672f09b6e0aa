import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { presentEvent } from './event-presenter.js';
import type { EventsService } from './events.service.js';

export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService }> = async (app, { events }) => {
  /** Latest events of the caller's servers; the notification bell reads the first 10 (§2). */
  route(app, routes.list, {}, ({ user, query, locale }) =>
    events.list(user.id, query.page, query.itemsPerPage, locale),
  );

  /** One event with its output: what a link to an event (a failed install, an old event) opens. */
  route(app, routes.show, {}, async ({ user, params, locale }) => ({
    data: await events.show(params.event, user.id, locale),
  }));

  route(app, routes.cancel, {}, async ({ user, params, locale }) => ({
    data: presentEvent(await events.cancel(params.event, user.id), null, locale),
  }));
};
