import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  type RouteContract,
  type ServerSectionContract,
  type startedEventResponseSchema,
} from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { RecipeSection, SectionActionRequest } from './recipe-section.js';
import type { SectionService } from './section-service.js';

const serverParams = z.object({ server: idParamSchema });

/** What a section's routes get: its service, built once by its area (section-area.ts). */
export interface SectionRoutesContext<Section extends ServerSectionContract, Inventory> {
  section: SectionService<Section, Inventory>;
}

/**
 * The routes of a recipe-backed section, from its contract: GET the list, and each action at its
 * method and path (201 with the started event). HTTP only: validation, then one service call.
 */
export function sectionRoutes<Section extends ServerSectionContract, Inventory>(
  section: RecipeSection<Section, Inventory>,
): FastifyPluginAsyncZod<SectionRoutesContext<Section, Inventory>> {
  return async (app, { section: service }) => {
    const definition = service.definition;
    const { contract } = section;

    route(
      app,
      contract.list,
      definition.query ? { query: definition.query } : {},
      ({ user, params, query, locale }) =>
        service.list(user, params.server, query as Parameters<typeof service.list>[2], locale),
    );

    for (const [name, action] of Object.entries(contract.actions) as [
      keyof Section['actions'] & string,
      Section['actions'][string],
    ][]) {
      const own = definition.actions[name];
      const options = {
        status: 201,
        // The API's own schemas, where they differ from the contract's only by their messages.
        ...(own.params ? { params: serverParams.extend(own.params.shape) } : {}),
        ...(own.body ? { body: own.body } : {}),
      };
      // Every action answers the event it started (the contract's startedEventResponseSchema).
      const entry: RouteContract & { response: typeof startedEventResponseSchema } = action;
      route(app, entry, options, ({ user, params, body }) => {
        const { server, ...rest } = params as unknown as { server: number } & Record<string, unknown>;
        return service.startAction(name, user, {
          serverId: server,
          params: rest,
          body,
        } as SectionActionRequest<Section['actions'][typeof name]>);
      });
    }
  };
}
