import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dnsProviderRoutes as routes } from '@hostdeck/contracts/dns-providers';
import { route } from '../http/route.js';
import type { DnsProvidersService } from './dns-providers.service.js';

/** The account's DNS providers, credentials, zones and records (contracts `dnsProviderRoutes`). */
export const dnsProvidersRoutes: FastifyPluginAsyncZod<{ dnsProviders: DnsProvidersService }> = async (
  app,
  { dnsProviders },
) => {
  route(app, routes.providers, {}, () => ({ data: dnsProviders.providers() }));
  route(app, routes.listCredentials, {}, async ({ user }) => ({ data: await dnsProviders.list(user) }));
  route(app, routes.createCredential, { status: 201 }, async ({ user, body }) => ({
    data: await dnsProviders.create(user, body),
  }));
  route(app, routes.showCredential, {}, async ({ user, params }) => ({
    data: await dnsProviders.show(user, params.credential),
  }));
  route(app, routes.updateCredential, {}, async ({ user, params, body }) => ({
    data: await dnsProviders.update(user, params.credential, body),
  }));
  route(app, routes.deleteCredential, {}, ({ user, params }) => dnsProviders.remove(user, params.credential));
  route(app, routes.zones, {}, async ({ user, params }) => ({
    data: await dnsProviders.zones(user, params.credential),
  }));
  route(app, routes.records, {}, ({ user, params }) =>
    dnsProviders.records(user, params.credential, params.zone),
  );
  route(app, routes.createRecord, { status: 201 }, async ({ user, params, body }) => ({
    data: await dnsProviders.createRecord(user, params.credential, params.zone, body),
  }));
  route(app, routes.updateRecord, {}, async ({ user, params, body }) => ({
    data: await dnsProviders.updateRecord(user, params.credential, params.zone, params.record, body),
  }));
  route(app, routes.deleteRecord, {}, ({ user, params }) =>
    dnsProviders.deleteRecord(user, params.credential, params.zone, params.record),
  );
};
