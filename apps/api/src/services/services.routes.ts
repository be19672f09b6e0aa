import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, type RouteContract, type startedEventResponseSchema } from '@hostdeck/contracts';
import { serviceStatusRoute, servicesListRoute, servicesSection } from '@hostdeck/contracts/services';
import { route } from '../http/route.js';
import type { SectionActionRequest } from '../server-sections/recipe-section.js';
import type { AreaContext } from '../area.js';
import type { ServicesAreaServices } from './services.area.js';

const serverParams = z.object({ server: idParamSchema });

/**
 * The services' routes: the list with `infos` (spec/000 §7 store fetch), a service's status, and
 * each action of the contract (201 with its event), as server-sections/section-routes.ts registers
 * them for a section whose list is only `{ data }`.
 */
export const servicesRoutes: FastifyPluginAsyncZod<AreaContext<ServicesAreaServices>> = async (
  app,
  context,
) => {
  const { servicesSectionService: service, serviceStatus } = context;

  route(app, servicesListRoute, {}, ({ user, params, query, locale }) =>
    serviceStatus.list(user, params.server, query, locale),
  );

  route(app, serviceStatusRoute, {}, ({ user, params }) =>
    serviceStatus.status(user, params.server, params.service),
  );

  const definition = service.definition;
  for (const [name, action] of Object.entries(servicesSection.actions) as [
    keyof typeof servicesSection.actions & string,
    (typeof servicesSection.actions)[keyof typeof servicesSection.actions],
  ][]) {
    const own = definition.actions[name];
    const options = {
      status: 201,
      ...(own.params ? { params: serverParams.extend(own.params.shape) } : {}),
      ...(own.body ? { body: own.body } : {}),
    };
    const entry: RouteContract & { response: typeof startedEventResponseSchema } = action;
    route(app, entry, options, ({ user, params, body }) => {
      const { server, ...rest } = params as unknown as { server: number } & Record<string, unknown>;
      return service.startAction(name, user, {
        serverId: server,
        params: rest,
        body,
      } as SectionActionRequest<(typeof servicesSection.actions)[typeof name]>);
    });
  }
};
