import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { certificateRenewRoutes } from './certificate-renew.routes.js';
import type { CertificatesService } from './certificates.service.js';

/** Calls that start an event answer 201 with it (spec/000 §4). */
const started = { status: 201 } as const;

/** The SSL certificates of a site (spec/000 §7 certificates) and their public renewal endpoints. */
export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  route(app, routes.list, {}, ({ user, params, query }) => certificates.list(user, params.site, query));
  route(app, routes.create, started, ({ user, params, body }) =>
    certificates.create(user, params.site, body),
  );
  route(app, routes.free, started, ({ user, params, body }) =>
    certificates.requestFree(user, params.site, body ?? {}),
  );
  route(app, routes.import, started, ({ user, params, body }) =>
    certificates.importCertificate(user, params.site, body),
  );
  route(app, routes.csr, started, ({ user, params, body }) =>
    certificates.createCsr(user, params.site, body),
  );
  route(app, routes.renewal, {}, ({ user, params }) => certificates.renewal(user, params.site));
  route(app, routes.renewalToken, {}, ({ user, params }) =>
    certificates.regenerateRenewalToken(user, params.site),
  );
  route(app, routes.install, started, ({ user, params, body }) =>
    certificates.installSigned(user, params.site, params.certificate, body.certificate),
  );
  route(app, routes.activate, started, ({ user, params }) =>
    certificates.activate(user, params.site, params.certificate),
  );
  route(app, routes.deactivate, started, ({ user, params }) =>
    certificates.deactivate(user, params.site, params.certificate),
  );
  route(app, routes.clone, started, ({ user, params, body }) =>
    certificates.clone(user, params.site, params.certificate, body),
  );
  // 201 with the event when the active certificate must come off the vhost; 204 otherwise.
  route(
    app,
    routes.delete,
    { responses: { 201: routes.delete.response, 204: z.null() } },
    async ({ user, params, reply }) => {
      const result = await certificates.remove(user, params.site, params.certificate);
      return result ? reply.status(201).send(result) : reply.status(204).send(null);
    },
  );

  await app.register(certificateRenewRoutes, { certificates });
};
