import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.js';
import type { DatabaseConnection } from '../database/database.js';
import type { Accounts } from '../accounts/accounts.js';
import { accountsRoutes } from '../accounts/accounts.routes.js';
import { agentRoutes } from '../agent/agent.routes.js';
import { applicationsRoutes } from '../applications/applications.routes.js';
import { authentication } from '../auth/authentication.js';
import { eventsRoutes } from '../events/events.routes.js';
import type { EventsService } from '../events/events.service.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import { createEventHooks, type EventHooks } from '../jobs/event-hooks.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import { realtimeRoutes } from '../realtime/realtime.routes.js';
import { healthRoutes } from '../health/health.routes.js';
import { infoRoutes } from '../info/info.routes.js';
import { outboxRoutes } from '../mail/outbox.routes.js';
import { serversRoutes } from '../servers/servers.routes.js';
import { sitesRoutes } from '../sites/sites.routes.js';
import { siteConfigsRoutes } from '../site-configs/site-configs.routes.js';
import { certificatesRoutes } from '../certificates/certificates.routes.js';
import { databasesRoutes } from '../databases/databases.routes.js';
import { deploymentsRoutes } from '../deployments/deployments.routes.js';
import { teamsRoutes } from '../teams/teams.routes.js';
import { scriptsRoutes } from '../scripts/scripts.routes.js';
import { panelTerminalRoutes } from '../terminal/terminal.routes.js';
import { compression } from './compression.js';
import { csrfProtection } from './csrf.js';
import { errorHandler } from './error-handler.js';
import { localePlugin } from './locale.js';
import { LOG_PRIVACY } from './log-redaction.js';
import { rateLimiting } from './rate-limit.js';
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
  config: Config;
  database: DatabaseConnection;
  bus: RealtimeBus;
  events: EventsService;
  accounts: Accounts;
  /** How the panel reaches servers (connecting one, reading its system information…). */
  executor: RemoteExecutor;
  secretBox: SecretBox;
  /** Where areas register event tasks and finished-event handlers (jobs/event-hooks.ts). */
  hooks?: EventHooks;
  logger?: FastifyBaseLogger | boolean | undefined;
  /** Where the panel's own logger (no `logger` given) writes; standard output by default. */
  logDestination?: { write(line: string): void } | undefined;
}

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
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
  await app.register(securityHeaders, { https });
  // Before any route: it attaches to each route as the route is added.
  await app.register(compression);
  await app.register(cookie);
  // Registered before authentication: its hooks must see every upgrade, including refused ones,
  // to close their sockets.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(authentication, { db: database.db });
  await app.register(csrfProtection, { key: config.appKey, secureCookie: https });
  await app.register(rateLimiting, { db: database.db });

  await app.register(healthRoutes, { database });
  await app.register(infoRoutes, {
    settings: {
      brand: config.brand,
      agentFileOrigins: config.allowedOrigins,
      appUrl: config.appUrl,
      agentTerminalHost: null,
      salesEventEndsAt: config.salesEventEndsAt,
      usdRate: config.usdRate,
      maxCommission: config.maxCommission,
      billingEnabled: config.billingEnabled,
      mailOutbox: !config.mailUrl,
    },
    presentUser: dependencies.accounts.presentUser,
  });
  await app.register(accountsRoutes, { accounts: dependencies.accounts, secureCookie: https });
  if (!config.mailUrl) await app.register(outboxRoutes, { db: database.db, everyone: config.devOutbox });

  await app.register(teamsRoutes, { db: database.db, bus: dependencies.bus });
  await app.register(serversRoutes, {
    db: database.db,
    bus: dependencies.bus,
    events: dependencies.events,
    executor: dependencies.executor,
    secretBox: dependencies.secretBox,
  });
  await app.register(applicationsRoutes, {
    db: database.db,
    events: dependencies.events,
    executor: dependencies.executor,
    secretBox: dependencies.secretBox,
  });
  const siteOptions = {
    db: database.db,
    bus: dependencies.bus,
    events: dependencies.events,
    executor: dependencies.executor,
    secretBox: dependencies.secretBox,
    hooks: dependencies.hooks ?? createEventHooks(),
    config,
  };
  await app.register(sitesRoutes, siteOptions);
  await app.register(siteConfigsRoutes, siteOptions);
  await app.register(certificatesRoutes, siteOptions);
  await app.register(deploymentsRoutes, siteOptions);
  await app.register(agentRoutes, siteOptions);
  await app.register(databasesRoutes, siteOptions);
  await app.register(eventsRoutes, { events: dependencies.events });
  await app.register(realtimeRoutes, { bus: dependencies.bus, allowedOrigins: config.allowedOrigins });
  await app.register(scriptsRoutes, { db: database.db });
  await app.register(panelTerminalRoutes, siteOptions);

  await app.register(spa, { distDir: config.webDistDir });
  return app;
}
