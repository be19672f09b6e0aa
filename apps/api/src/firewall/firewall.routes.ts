import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, type RouteContract, type startedEventResponseSchema } from '@hostdeck/contracts';
import { firewallListRoute, firewallSection, portsRoute } from '@hostdeck/contracts/firewall';
import { route } from '../http/route.js';
import type { SectionActionRequest } from '../server-sections/recipe-section.js';
import type { AreaContext } from '../area.js';
import type { FirewallAreaServices } from './firewall.area.js';

const serverParams = z.object({ server: idParamSchema });
type Actions = typeof firewallSection.actions;

/**
 * The firewall's routes: the rules with `infos`, the listening ports, and each action of the
 * contract (201 with its event), as server-sections/section-routes.ts registers them.
 */
export const firewallRoutes: FastifyPluginAsyncZod<AreaContext<FirewallAreaServices>> = async (
  app,
  context,
) => {
  const { firewallSectionService: service, firewallReads } = context;

  route(app, firewallListRoute, {}, ({ user, params }) => firewallReads.list(user, params.server));
  route(app, portsRoute, {}, ({ user, params }) => firewallReads.ports(user, params.server));

  for (const [name, action] of Object.entries(firewallSection.actions) as [
    keyof Actions & string,
    Actions[keyof Actions],
  ][]) {
    const own = service.definition.actions[name];
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
      } as SectionActionRequest<Actions[typeof name]>);
    });
  }
};
