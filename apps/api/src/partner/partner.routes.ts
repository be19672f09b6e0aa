import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerRoutes as routes, SITE_VERIFY_PATH } from '@hostdeck/contracts/partner';
import { FORM_PER_ADDRESS_PER_HOUR } from '@hostdeck/contracts/partner';
import { route } from '../http/route.js';
import type { PartnerService } from './partner.service.js';

const HOUR_MS = 60 * 60 * 1000;
/** Machines' calls (partners, servers): their own bearer secrets, no cookie, so no CSRF. */
const MACHINE = {
  public: true,
  config: { csrf: false, rateLimit: { max: 120, timeWindow: 60_000 } },
} as const;
/** The public forms: anonymous (no session to protect), limited per address. */
const FORM = {
  public: true,
  config: { csrf: false, rateLimit: { max: FORM_PER_ADDRESS_PER_HOUR, timeWindow: HOUR_MS } },
  bodyLimit: 16 * 1024,
} as const;

/** The partner API, a server's own verify/decrypt, a site's verify, the forms, their admin lists. */
export const partnerRoutesPlugin: FastifyPluginAsyncZod<{ partner: PartnerService }> = async (
  app,
  { partner },
) => {
  route(app, routes.partnerToken, MACHINE, ({ request }) =>
    partner.issueToken(request.headers.authorization),
  );
  route(app, routes.createServer, { ...MACHINE, status: 201 }, async ({ request, body }) => ({
    data: await partner.createServer(request.headers.authorization, body),
  }));
  route(app, routes.serverAction, MACHINE, async ({ request, params, body }) => ({
    data: await partner.serverAction(request.headers.authorization, params.server, body.action),
  }));
  route(app, routes.verifyServer, MACHINE, async ({ request, params }) => ({
    data: await partner.verifyServer(request.headers.authorization, params.server),
  }));
  route(app, routes.decryptServer, MACHINE, async ({ request, params }) => ({
    data: await partner.decryptServer(request.headers.authorization, params.server),
  }));
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: SITE_VERIFY_PATH,
    config: { ...MACHINE.config, public: true },
    handler: async (request, reply) => {
      const { site } = request.params as { site: string };
      const body = await partner.siteVerification(site, request.headers.host ?? '');
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);
    },
  });
  route(app, routes.formToken, { public: true, config: { rateLimit: { max: 60, timeWindow: 60_000 } } }, () =>
    partner.formToken(),
  );
  route(app, routes.contact, FORM, ({ body, locale, request }) =>
    partner.contact(body, { locale, ip: request.ip }),
  );
  route(app, routes.subscribe, FORM, ({ body, locale }) => partner.subscribe(body, { locale }));
  route(app, routes.confirmSubscription, FORM, ({ body, locale }) =>
    partner.confirmSubscription(body.token, locale),
  );
  route(app, routes.unsubscribe, FORM, ({ body, locale }) => partner.unsubscribe(body.token, locale));
  route(app, routes.adminContactMessages, {}, ({ user, query }) => partner.adminContacts(user, query));
  route(app, routes.adminSubscribers, {}, ({ user, query }) => partner.adminSubscribers(user, query));
  route(app, routes.adminPartners, {}, ({ user }) => partner.adminPartners(user));
  route(app, routes.adminSetPartner, {}, async ({ user, params, body }) => ({
    data: await partner.setPartner(user, params.user, body.is_partner),
  }));
};
