import { promises as dns } from 'node:dns';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSiteRequestSchema,
  deleteSiteQuerySchema,
  deleteSiteRequestSchema,
  protectSiteRequestSchema,
  renameSiteRequestSchema,
  searchablePageQuerySchema,
  siteAliasRequestSchema,
  siteBindingsRequestSchema,
  siteCloneRequestSchema,
  siteDirectoryRequestSchema,
  siteFavoriteRequestSchema,
  siteLockdownRequestSchema,
  siteOwnerRequestSchema,
  sitePhpVersionRequestSchema,
  siteProxyPortRequestSchema,
  siteRoutes as routes,
  toggleSiteRequestSchema,
} from '@hostdeck/contracts';
import type { Config } from '../config/config.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { EventsService } from '../events/events.service.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import { createAccessPolicy } from '../policy/access-policy.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import { createServerConnections } from '../servers/server-connection.js';
import { createServersRepository } from '../servers/servers.repository.js';
import { createSiteAccess } from './site-access.js';
import { createSiteChangesService } from './site-changes.service.js';
import { registerSiteCloneTask } from './site-clone-task.js';
import { createSiteCreateService } from './site-create.service.js';
import { announceSites, type SiteServiceDependencies } from './site-dependencies.js';
import { registerSiteTasks } from './site-tasks.js';
import { createSitesRepository } from './sites.repository.js';
import { createSitesService } from './sites.service.js';

export interface SitesRoutesOptions {
  db: Database;
  bus: RealtimeBus;
  events: EventsService;
  executor: RemoteExecutor;
  secretBox: SecretBox;
  hooks: EventHooks;
  config: Config;
  /** What a domain resolves to (ip-remote-check); the system resolver unless a test gives one. */
  resolveAddresses?: (name: string) => Promise<string[]>;
}

const siteParams = z.object({ site: z.coerce.number().int().positive() });
const serverParams = z.object({ server: z.coerce.number().int().positive() });
const started = { 201: routes.toggle.response };

/** A–AAAA lookup through the system resolver (getaddrinfo: /etc/hosts, then DNS). */
async function systemResolve(name: string): Promise<string[]> {
  const found = await dns.lookup(name, { all: true, verbatim: true });
  return [...new Set(found.map((entry) => entry.address))];
}

/** Sites (spec/000 §7 api/sites…): HTTP only; the services check the policy and do the work. */
export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, options) => {
  const { db, bus } = options;
  const repository = createSitesRepository(db);
  const policy = createAccessPolicy(db);
  const dependencies: SiteServiceDependencies = {
    db,
    repository,
    servers: createServersRepository(db),
    access: createSiteAccess({ db, secretBox: options.secretBox, executor: options.executor }),
    policy,
    events: options.events,
    secretBox: options.secretBox,
    resolveAddresses: options.resolveAddresses ?? systemResolve,
    publish: (userIds, keys) => {
      for (const userId of userIds) bus.publish(userId, { type: 'Update-data', keys: [...keys] });
    },
  };
  const sites = createSitesService(dependencies);
  const creation = createSiteCreateService(dependencies);
  const changes = createSiteChangesService({ ...dependencies, creation });
  registerSiteTasks(options.hooks, {
    db,
    repository,
    secretBox: options.secretBox,
    announce: (serverId) => announceSites(dependencies, serverId),
  });
  registerSiteCloneTask(options.hooks, {
    db,
    repository,
    executor: options.executor,
    connections: createServerConnections(db, options.secretBox),
  });

  app.get(
    routes.listSites.path,
    { schema: { querystring: searchablePageQuerySchema, response: { 200: routes.listSites.response } } },
    async (request) => sites.list(request.user!, request.query),
  );

  app.get(
    routes.serverSites.path,
    {
      schema: {
        params: serverParams,
        querystring: searchablePageQuerySchema,
        response: { 200: routes.serverSites.response },
      },
    },
    async (request) => sites.list(request.user!, request.query, request.params.server),
  );

  app.post(
    routes.createSite.path,
    { schema: { body: createSiteRequestSchema, response: { 201: routes.createSite.response } } },
    async (request, reply) => reply.status(201).send(await creation.create(request.user!, request.body)),
  );

  app.get(
    routes.showSite.path,
    { schema: { params: siteParams, response: { 200: routes.showSite.response } } },
    async (request) => sites.show(request.user!, request.params.site),
  );

  app.delete(
    routes.deleteSite.path,
    {
      schema: {
        params: siteParams,
        querystring: deleteSiteQuerySchema,
        body: deleteSiteRequestSchema.nullish(),
        response: started,
      },
    },
    async (request, reply) => {
      const deleteDatabase = request.body?.delete_database ?? request.query.delete_database;
      return reply.status(201).send(await changes.delete(request.user!, request.params.site, deleteDatabase));
    },
  );

  app.put(
    routes.rename.path,
    {
      schema: {
        params: siteParams,
        body: renameSiteRequestSchema,
        response: { 200: routes.rename.response },
      },
    },
    async (request) => sites.rename(request.user!, request.params.site, request.body.name),
  );

  app.post(
    routes.favorite.path,
    {
      schema: {
        params: siteParams,
        body: siteFavoriteRequestSchema.nullish(),
        response: { 200: routes.favorite.response },
      },
    },
    async (request) => sites.favorite(request.user!, request.params.site, request.body?.is_favorite),
  );

  app.post(
    routes.protect.path,
    {
      schema: {
        params: siteParams,
        body: protectSiteRequestSchema,
        response: { 200: routes.protect.response },
      },
    },
    async (request) => sites.protect(request.user!, request.params.site, request.body.protected),
  );

  app.post(
    routes.toggle.path,
    { schema: { params: siteParams, body: toggleSiteRequestSchema.nullish(), response: started } },
    async (request, reply) =>
      reply.status(201).send(await changes.toggle(request.user!, request.params.site, request.body?.enabled)),
  );

  app.put(
    routes.phpVersion.path,
    { schema: { params: siteParams, body: sitePhpVersionRequestSchema, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await changes.phpVersion(request.user!, request.params.site, request.body.php_version)),
  );

  app.put(
    routes.proxyPort.path,
    { schema: { params: siteParams, body: siteProxyPortRequestSchema, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await changes.proxyPort(request.user!, request.params.site, request.body.proxy_port)),
  );

  app.put(
    routes.directory.path,
    { schema: { params: siteParams, body: siteDirectoryRequestSchema, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await changes.directory(request.user!, request.params.site, request.body.directory)),
  );

  app.put(
    routes.owner.path,
    { schema: { params: siteParams, body: siteOwnerRequestSchema, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await changes.owner(
            request.user!,
            request.params.site,
            request.body.linux_user,
            request.body.password,
          ),
        ),
  );

  app.post(
    routes.alias.path,
    { schema: { params: siteParams, body: siteAliasRequestSchema, response: started } },
    async (request, reply) =>
      reply.status(201).send(await changes.alias(request.user!, request.params.site, request.body.name)),
  );

  for (const action of ['chmod', 'chown'] as const) {
    app.post(
      routes[action].path,
      { schema: { params: siteParams, response: started } },
      async (request, reply) =>
        reply.status(201).send(await changes.permissions(request.user!, request.params.site, action)),
    );
  }

  app.post(
    routes.lockdown.path,
    { schema: { params: siteParams, body: siteLockdownRequestSchema, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await changes.lockdown(request.user!, request.params.site, request.body.enabled)),
  );

  app.post(
    routes.bindings.path,
    { schema: { params: siteParams, body: siteBindingsRequestSchema, response: started } },
    async (request, reply) =>
      reply.status(201).send(await changes.bindings(request.user!, request.params.site, request.body.ips)),
  );

  for (const route of [routes.ipRemoteCheck, routes.ipRemoteCheckPost]) {
    app.route({
      method: route.method,
      url: route.path,
      schema: { params: siteParams, response: { 200: route.response } },
      handler: async (request) => sites.ipRemoteCheck(request.user!, request.params.site),
    });
  }

  for (const [route, enabled] of [
    [routes.telegramNotificationOff, false],
    [routes.telegramNotificationOn, true],
  ] as const) {
    app.route({
      method: route.method,
      url: route.path,
      schema: { params: siteParams, response: { 200: route.response } },
      handler: async (request) => sites.telegramNotification(request.user!, request.params.site, enabled),
    });
  }

  app.post(
    routes.clone.path,
    {
      schema: { params: siteParams, body: siteCloneRequestSchema, response: { 201: routes.clone.response } },
    },
    async (request, reply) => {
      const { site } = await dependencies.access.authorize(request.user!, request.params.site, 'manage');
      return reply.status(201).send(await creation.clone(request.user!, site, request.body.server_id));
    },
  );
};
