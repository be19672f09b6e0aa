import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventOutputRoutes, eventRoutes as routes } from '@hostdeck/contracts';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import { eventOutputAfter } from './event-output.js';
import { route } from '../http/route.js';
import { presentEvent } from './event-presenter.js';
import type { EventsService } from './events.service.js';

export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService; bus: RealtimeBus }> = async (
  app,
  { events, bus },
) => {
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

  /**
   * The output after an offset, waiting for more (a long-poll): what scripts and the CLI read
   * instead of the websocket a token may not open (`read` scope, the event's policy).
   */
  route(app, eventOutputRoutes.output, {}, async ({ user, params, query, locale }) => ({
    data: await eventOutputAfter(
      { events, bus },
      { eventId: params.event, userId: user.id, offset: query.offset, waitSeconds: query.wait, locale },
    ),
  }));
};
