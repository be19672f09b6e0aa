import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContract, startedEventResponseSchema } from '@hostdeck/contracts';
import { PHP_LIMITS, phpRoutes, phpSection } from '@hostdeck/contracts/php';
import { route } from '../http/route.js';
import type { PhpActionName, PhpService } from './php.service.js';

/**
 * The PHP section's routes, from its contract (contracts php.ts): GET the list, GET a php.ini, and
 * each action (201 with the event it started). HTTP only: validation, then one service call.
 */
export const phpRoutesPlugin: FastifyPluginAsyncZod<{ php: PhpService }> = async (app, { php }) => {
  route(app, phpSection.list, {}, ({ user, params }) => php.list(user, params.server));
  route(app, phpRoutes.readIni, {}, ({ user, params, query }) =>
    php.readIni(user, params.server, params.version, query.sapi),
  );
  for (const [name, action] of Object.entries(phpSection.actions) as [PhpActionName, RouteContract][]) {
    const entry = action as RouteContract & { response: typeof startedEventResponseSchema };
    route(
      app,
      entry,
      // A php.ini of 512 KiB as JSON (escaped) fits with room.
      { status: 201, ...(name === 'writeIni' ? { bodyLimit: 4 * PHP_LIMITS.iniBytes } : {}) },
      ({ user, params, body }) => {
        const { server, version } = params as unknown as { server: number; version?: string };
        return php.start(name, user, server, {
          ...(version === undefined ? {} : { version }),
          ...(body ? { body: body as Record<string, unknown> } : {}),
        });
      },
    );
  }
};
