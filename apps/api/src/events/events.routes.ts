import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventResponseSchema, eventSchema, pageQuerySchema, paginatedSchema } from '@hostdeck/contracts';
import { presentEvent } from './event-presenter.js';
import type { EventsService } from './events.service.js';

const eventParams = z.object({ event: z.coerce.number().int().positive() });

export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService }> = async (app, { events }) => {
  /** Latest events of the caller's servers; the notification bell reads the first 10 (§2). */
  app.get(
    '/api/events',
    { schema: { querystring: pageQuerySchema, response: { 200: paginatedSchema(eventSchema) } } },
    async (request) =>
      events.list(request.user!.id, request.query.page, request.query.itemsPerPage, request.locale),
  );

  /** One event with its output: what a link to an event (a failed install, an old event) opens. */
  app.get(
    '/api/events/:event',
    { schema: { params: eventParams, response: { 200: eventResponseSchema } } },
    async (request) => ({ data: await events.show(request.params.event, request.user!.id, request.locale) }),
  );

  app.post(
    '/api/events/:event/cancel',
    { schema: { params: eventParams, response: { 200: z.object({ data: eventSchema }) } } },
    async (request) => {
      const row = await events.cancel(request.params.event, request.user!.id);
      return { data: presentEvent(row, null, request.locale) };
    },
  );
};
