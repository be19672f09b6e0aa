import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { n8nRoutes as routes } from '@hostdeck/contracts/n8n';
import { N8N_IMPORT_MAX_BYTES } from '@hostdeck/contracts/n8n';
import { route } from '../http/route.js';
import type { N8nService } from './n8n.service.js';

/** The JSON of an upload, with room for its escaping inside the request body. */
const IMPORT_BODY_LIMIT = N8N_IMPORT_MAX_BYTES * 2 + 1024;

/** n8n on a site (contracts `n8nRoutes`; spec/000 §7 code install n8n and the n8n calls). */
export const n8nRoutes: FastifyPluginAsyncZod<{ n8n: N8nService }> = async (app, { n8n }) => {
  route(app, routes.install, { status: 201 }, async ({ user, params, body }) => ({
    data: await n8n.install(user, params.site, body.version),
  }));
  route(app, routes.info, {}, async ({ user, params }) => ({ data: await n8n.info(user, params.site) }));
  route(app, routes.status, {}, async ({ user, params }) => ({ data: await n8n.info(user, params.site) }));
  route(app, routes.licenseInfo, {}, async ({ user, params }) => ({
    data: await n8n.licenseInfo(user, params.site),
  }));
  route(app, routes.workflows, {}, async ({ user, params }) => ({
    data: await n8n.workflows(user, params.site),
  }));
  route(app, routes.credentials, {}, async ({ user, params }) => ({
    data: await n8n.credentials(user, params.site),
  }));
  // Downloads: the browser saves n8n's own export as a file.
  route(app, routes.exportWorkflows, {}, async ({ user, params, query, reply }) => {
    const value = await n8n.exportWorkflows(user, params.site, query.id);
    const name = query.id ? `n8n-workflow-${query.id}.json` : 'n8n-workflows.json';
    void reply.header('content-disposition', `attachment; filename="${name}"`);
    return { data: value };
  });
  route(app, routes.exportCredentials, {}, async ({ user, params, reply }) => {
    const value = await n8n.exportCredentials(user, params.site);
    void reply.header('content-disposition', 'attachment; filename="n8n-credentials.json"');
    return { data: value };
  });
  route(
    app,
    routes.importWorkflows,
    { status: 201, bodyLimit: IMPORT_BODY_LIMIT },
    async ({ user, params, body }) => ({
      data: await n8n.action(user, params.site, 'import-workflows', { file: body.file }),
    }),
  );
  route(
    app,
    routes.importCredentials,
    { status: 201, bodyLimit: IMPORT_BODY_LIMIT },
    async ({ user, params, body }) => ({
      data: await n8n.action(user, params.site, 'import-credentials', { file: body.file }),
    }),
  );
  route(app, routes.activate, { status: 201 }, async ({ user, params }) => ({
    data: await n8n.action(user, params.site, 'activate', { workflow_id: params.workflow }),
  }));
  route(app, routes.deactivate, { status: 201 }, async ({ user, params }) => ({
    data: await n8n.action(user, params.site, 'deactivate', { workflow_id: params.workflow }),
  }));
  route(app, routes.start, { status: 201 }, async ({ user, params }) => ({
    data: await n8n.action(user, params.site, 'start'),
  }));
  route(app, routes.restart, { status: 201 }, async ({ user, params }) => ({
    data: await n8n.action(user, params.site, 'restart'),
  }));
  route(app, routes.upgrade, { status: 201 }, async ({ user, params, body }) => ({
    data: await n8n.upgrade(user, params.site, body.version),
  }));
  route(app, routes.userReset, { status: 201 }, async ({ user, params }) => ({
    data: await n8n.action(user, params.site, 'user-reset'),
  }));
  route(app, routes.licenseClear, { status: 201 }, async ({ user, params }) => ({
    data: await n8n.action(user, params.site, 'license-clear'),
  }));
  route(app, routes.ldapReset, { status: 201 }, async ({ user, params }) => ({
    data: await n8n.action(user, params.site, 'ldap-reset'),
  }));
  route(app, routes.mfaDisable, { status: 201 }, async ({ user, params, body }) => ({
    data: await n8n.action(user, params.site, 'mfa-disable', { email: body.email }),
  }));
};
