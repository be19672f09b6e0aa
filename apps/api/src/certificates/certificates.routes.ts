import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateListQuerySchema,
  certificateRoutes,
  cloneCertificateRequestSchema,
  createCertificateRequestSchema,
  csrCertificateRequestSchema,
  freeCertificateRequestSchema,
  importCertificateRequestSchema,
  installCertificateRequestSchema,
} from '@hostdeck/contracts';
import { servers } from '../database/schema.js';
import { createServerConnections } from '../servers/server-connection.js';
import { createSiteAccess } from '../sites/site-access.js';
import { aliasNamesOf } from '../sites/site-state.js';
import type { SitesRoutesOptions } from '../sites/sites.routes.js';
import { createAcmeAccounts } from './acme-account.js';
import { createAddressLookup, createNameCheck, defaultNameCheckMode } from './certificate-name-check.js';
import { CERTIFICATE_UPDATE_KEYS } from './certificate-events.js';
import { registerCertificateTasks } from './certificate-tasks.js';
import { registerCertificateFinishedHandler, startRenewalSchedule } from './certificate-renewal.js';
import { certificateRenewRoutes } from './certificate-renew.routes.js';
import { createCertificatesRepository } from './certificates.repository.js';
import { createCertificatesService } from './certificates.service.js';

const id = z.coerce.number().int().positive();
const siteParams = z.object({ site: id });
const certificateParams = siteParams.extend({ certificate: id });

/** The SSL certificates of a site (spec/000 §7 certificates) and their public renewal endpoints. */
export const certificatesRoutes: FastifyPluginAsyncZod<SitesRoutesOptions> = async (app, options) => {
  const { db, secretBox, config } = options;
  const repository = createCertificatesRepository(db);
  const connections = createServerConnections(db, secretBox);
  const access = createSiteAccess({ db, secretBox, executor: options.executor });
  const publish = async (serverId: number) => {
    for (const userId of await connections.usersWithAccess(serverId)) {
      options.bus.publish(userId, { type: 'Update-data', keys: [...CERTIFICATE_UPDATE_KEYS] });
    }
  };
  const checkNames = createNameCheck({
    mode: config.acme.nameCheck ?? defaultNameCheckMode(config.acme.directoryUrl),
    lookup: createAddressLookup(config.acme.dnsResolver),
  });
  const certificates = createCertificatesService({
    access,
    repository,
    events: options.events,
    secretBox,
    aliasNames: (site) => aliasNamesOf(db, site),
    serverOwner: async (serverId) => {
      const [server] = await db
        .select({ userId: servers.userId })
        .from(servers)
        .where(eq(servers.id, serverId));
      return server?.userId ?? null;
    },
    checkNames: async (domains, site) => {
      const [server] = await db.select({ ip: servers.ip }).from(servers).where(eq(servers.id, site.serverId));
      if (server) await checkNames(domains, server.ip);
    },
    publish,
    appUrl: config.appUrl,
  });
  registerCertificateTasks({
    hooks: options.hooks,
    db,
    secretBox,
    repository,
    acme: createAcmeAccounts({ ...config.acme, dataDir: config.dataDir }, secretBox),
  });
  registerCertificateFinishedHandler({ hooks: options.hooks, repository, publish });
  startRenewalSchedule(app, (now) =>
    certificates.renewDue(now, (message, details) => app.log.warn(details, message)),
  );

  const routes = certificateRoutes;
  const started = { 201: routes.free.response };

  app.get(
    routes.list.path,
    {
      schema: {
        params: siteParams,
        querystring: certificateListQuerySchema,
        response: { 200: routes.list.response },
      },
    },
    async (request) => certificates.list(request.user!, request.params.site, request.query),
  );

  app.post(
    routes.create.path,
    {
      schema: {
        params: siteParams,
        body: createCertificateRequestSchema,
        response: { 201: routes.create.response },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await certificates.create(request.user!, request.params.site, request.body)),
  );

  app.post(
    routes.free.path,
    { schema: { params: siteParams, body: freeCertificateRequestSchema.optional(), response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await certificates.requestFree(request.user!, request.params.site, request.body ?? {})),
  );

  app.post(
    routes.import.path,
    { schema: { params: siteParams, body: importCertificateRequestSchema, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await certificates.importCertificate(request.user!, request.params.site, request.body)),
  );

  app.post(
    routes.csr.path,
    {
      schema: {
        params: siteParams,
        body: csrCertificateRequestSchema,
        response: { 201: routes.csr.response },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await certificates.createCsr(request.user!, request.params.site, request.body)),
  );

  app.get(
    routes.renewal.path,
    { schema: { params: siteParams, response: { 200: routes.renewal.response } } },
    async (request) => certificates.renewal(request.user!, request.params.site),
  );

  app.post(
    routes.renewalToken.path,
    { schema: { params: siteParams, response: { 200: routes.renewalToken.response } } },
    async (request) => certificates.regenerateRenewalToken(request.user!, request.params.site),
  );

  app.post(
    routes.install.path,
    { schema: { params: certificateParams, body: installCertificateRequestSchema, response: started } },
    async (request, reply) => {
      const { site, certificate } = request.params;
      return reply
        .status(201)
        .send(await certificates.installSigned(request.user!, site, certificate, request.body.certificate));
    },
  );

  app.post(
    routes.activate.path,
    { schema: { params: certificateParams, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await certificates.activate(request.user!, request.params.site, request.params.certificate)),
  );

  app.post(
    routes.deactivate.path,
    { schema: { params: certificateParams, response: started } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await certificates.deactivate(request.user!, request.params.site, request.params.certificate)),
  );

  app.post(
    routes.clone.path,
    { schema: { params: certificateParams, body: cloneCertificateRequestSchema, response: started } },
    async (request, reply) => {
      const { site, certificate } = request.params;
      return reply.status(201).send(await certificates.clone(request.user!, site, certificate, request.body));
    },
  );

  app.delete(
    routes.delete.path,
    { schema: { params: certificateParams, response: { ...started, 204: z.null() } } },
    async (request, reply) => {
      const result = await certificates.remove(
        request.user!,
        request.params.site,
        request.params.certificate,
      );
      return result ? reply.status(201).send(result) : reply.status(204).send(null);
    },
  );

  await app.register(certificateRenewRoutes, { certificates });
};
