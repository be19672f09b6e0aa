import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, type RouteContract, type startedEventResponseSchema } from '@hostdeck/contracts';
import { fail2banListRoute, fail2banMeRoute, fail2banSection } from '@hostdeck/contracts/fail2ban';
import { route } from '../http/route.js';
import type { SectionActionRequest } from '../server-sections/recipe-section.js';
import type { AreaContext } from '../area.js';
import type { Fail2banAreaServices } from './fail2ban.area.js';

const serverParams = z.object({ server: idParamSchema });

/**
 * Fail2Ban's routes: the list with `infos`, the caller's own ban (`…/fail2ban/me`, its address as
 * this request came: Fastify's `request.ip`, which follows the trustProxy configuration), and each
 * action of the contract (201 with its event), as server-sections/section-routes.ts registers them.
 */
export const fail2banRoutes: FastifyPluginAsyncZod<AreaContext<Fail2banAreaServices>> = async (
  app,
  context,
) => {
  const { fail2banSectionService: service, fail2ban } = context;

  route(app, fail2banListRoute, {}, ({ user, params, locale }) => fail2ban.list(user, params.server, locale));

  route(app, fail2banMeRoute, {}, ({ user, params, locale, request }) =>
    fail2ban.me(user, params.server, request.ip, locale),
  );

  const definition = service.definition;
  for (const [name, action] of Object.entries(fail2banSection.actions) as [
    keyof typeof fail2banSection.actions & string,
    (typeof fail2banSection.actions)[keyof typeof fail2banSection.actions],
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
      } as SectionActionRequest<(typeof fail2banSection.actions)[typeof name]>);
    });
  }
};
