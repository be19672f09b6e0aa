import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailserverRoutes as routes } from '@hostdeck/contracts/mailserver';
import { route } from '../http/route.js';
import type { MailserverService } from './mailserver.service.js';

/** The mail server of a server (contracts `mailserverRoutes`): HTTP only, one service call each. */
export const mailserverRoutes: FastifyPluginAsyncZod<{ mailserver: MailserverService }> = async (
  app,
  { mailserver },
) => {
  route(app, routes.overview, {}, ({ user, params }) => mailserver.overview(user, params.server));
  route(app, routes.domains, {}, ({ user, params }) => mailserver.domains(user, params.server));
  route(app, routes.checkDomain, {}, ({ user, params, query }) =>
    mailserver.checkDomain(user, params.server, params.domain, query.dns_server),
  );
  route(app, routes.deliverability, {}, ({ user, params }) => mailserver.deliverability(user, params.server));
  route(app, routes.createDomain, { status: 201 }, ({ user, params, body }) =>
    mailserver.createDomain(user, params.server, body.name),
  );
  route(app, routes.deleteDomain, { status: 201 }, ({ user, params }) =>
    mailserver.deleteDomain(user, params.server, params.domain),
  );
  route(app, routes.defaultDomain, { status: 201 }, ({ user, params }) =>
    mailserver.defaultDomain(user, params.server, params.domain),
  );
  route(app, routes.createAccount, { status: 201 }, ({ user, params, body }) =>
    mailserver.createAccount(user, params.server, body),
  );
  route(app, routes.accountPassword, { status: 201 }, ({ user, params, body }) =>
    mailserver.accountPassword(user, params.server, params.address, body.password),
  );
  route(app, routes.accountQuota, { status: 201 }, ({ user, params, body }) =>
    mailserver.accountQuota(user, params.server, params.address, body.quota_mb),
  );
  route(app, routes.deleteAccount, { status: 201 }, ({ user, params }) =>
    mailserver.deleteAccount(user, params.server, params.address),
  );
  route(app, routes.saveAlias, { status: 201 }, ({ user, params, body }) =>
    mailserver.saveAlias(user, params.server, body),
  );
  route(app, routes.deleteAlias, { status: 201 }, ({ user, params }) =>
    mailserver.deleteAlias(user, params.server, params.address),
  );
  route(app, routes.settings, { status: 201 }, ({ user, params, body }) =>
    mailserver.settings(user, params.server, body),
  );
  route(app, routes.ssl, { status: 201 }, ({ user, params, body }) =>
    mailserver.ssl(user, params.server, body.site_id),
  );
};
