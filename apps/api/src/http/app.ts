import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createApiTokenAuth } from '../api-tokens/token-auth.js';
import { authentication } from '../auth/authentication.js';
import { eventAnswers } from '../events/event-answers.plugin.js';
import { idempotency } from '../idempotency/idempotency.plugin.js';
import { routePermission, routePermissions } from '../policy/route-permission.js';
import type { ComposedArea, PanelServices } from '../composition.js';
import { compression } from './compression.js';
import { csrfProtection } from './csrf.js';
import { errorHandler } from './error-handler.js';
import { localePlugin } from './locale.js';
import { LOG_PRIVACY } from './log-redaction.js';
import { openapi } from './openapi.js';
import { rateLimiting } from './rate-limit.js';
import { readCaching } from './read-cache.js';
import { requestLogController } from './request-logs.js';
import { securityHeaders } from './security-headers.js';
import { spa } from './spa.js';
import './public-routes.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  readonly public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
  }
}

export interface AppDependencies {
  services: PanelServices;
  /** The areas (areas.ts) with their services, in registration order (composition.ts). */
  areas: readonly ComposedArea[];
  logger?: FastifyBaseLogger | boolean | undefined;
  /** Where the panel's own logger (no `logger` given) writes; standard output by default. */
  logDestination?: { write(line: string): void } | undefined;
}

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies.services;
  const logger =
    dependencies.logger === undefined
      ? {
          level: config.logLevel,
          ...LOG_PRIVACY,
          ...(dependencies.logDestination ? { stream: dependencies.logDestination } : {}),
        }
      : dependencies.logger;
  const app = Fastify({
    ...(typeof logger === 'object' && 'child' in logger ? { loggerInstance: logger } : { logger }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logController: requestLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the app registers, so the route-auth test can try each one without a session.
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: hooks of encapsulated plugins (the SPA's static files) set `public` after this one.
      routeTable.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public === true;
        },
      });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const https = config.appUrl.startsWith('https://');
  await app.register(errorHandler);
  await app.register(localePlugin, { fallback: config.defaultLocale });
  const stripe = config.stripe?.secretKey
    ? { js: new URL(config.stripe.jsUrl).origin, api: new URL(config.stripe.apiUrl).origin }
    : null;
  await app.register(securityHeaders, { https, stripe });
  // Before any route: it attaches to each route as the route is added.
  await app.register(compression);
  await app.register(cookie);
  // Registered before authentication: its hooks must see every upgrade, including refused ones,
  // to close their sockets.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(readCaching, { cache: dependencies.services.readCache, bus: dependencies.services.bus });
  // A call that started an event names it (Location; 202 when asked). Before idempotency, which
  // stores the answer as it goes out.
  await app.register(eventAnswers);
  // Idempotency-Key on every mutating route (its grammar first; the stored answers after the
  // caller, the route's permission and the input are known).
  await app.register(idempotency, { db: database.db, secretBox: dependencies.services.secretBox });
  await app.register(authentication, {
    db: database.db,
    cache: dependencies.services.readCache,
    // A call that answers secrets needs the token's `secrets` scope (the route's declared permission).
    apiTokens: createApiTokenAuth({
      db: database.db,
      isSecretsCall: (method, url) => routePermission(method, url) === 'secrets',
    }),
  });
  await app.register(csrfProtection, { key: config.appKey, secureCookie: https });
  await app.register(rateLimiting, { db: database.db });
  // After authentication: the team roles on every route naming a server or a site (issue 22).
  await app.register(routePermissions, { db: database.db });
  // Before any area's routes: the document is made from every route as it is registered.
  await app.register(openapi, { appUrl: config.appUrl });

  for (const { area, context } of dependencies.areas) {
    if (area.routes) await app.register(area.routes, context);
    area.schedules?.(app, context);
  }

  await app.register(spa, { distDir: config.webDistDir, secureCookie: https });
  return app;
}
