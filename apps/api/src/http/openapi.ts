import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_PATTERN } from '@hostdeck/contracts/idempotency';

/** Where the document and its docs page are served (signed in, like every route not public). */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
export const OPENAPI_DOCS_PATH = '/api/docs';
/** The version of the API the document describes (not the panel's release). */
export const OPENAPI_API_VERSION = '1.0.0';

/**
 * The OpenAPI 3.1 document of the panel's API, generated from the routes as they are registered
 * (their contract schemas, packages/contracts), never written by hand: registered before any
 * route, so its onRoute hook sees every one. GET /api/openapi.json answers it; /api/docs is a
 * Swagger UI page that reads it (static files of @fastify/swagger-ui, same origin: the panel's CSP
 * holds). Routes that are not JSON calls (the SPA's files, the docs page's own) are left out.
 */
const zodTransform = createJsonSchemaTransform({ skipList: [OPENAPI_DOCUMENT_PATH] });

export const openapi = fp(
  async (app: FastifyInstance, options: { appUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'HostDeck API',
          version: OPENAPI_API_VERSION,
          description:
            'The API of the HostDeck panel. Calls are authenticated by the session cookie (a call that changes something also needs the X-XSRF-TOKEN header) or by an API token (Authorization: Bearer). A long operation is an event: its call answers with Location: /api/events/{event}, and 202 Accepted when sent with Prefer: respond-async.',
        },
        servers: [{ url: options.appUrl }],
      },
      hideUntagged: false,
      // Each call is tagged by its path's first part (servers, sites, user…): the docs page's groups.
      transform: (input) => {
        const transformed = zodTransform(input);
        const tag = /^\/api\/([a-z0-9-]+)/.exec(input.url)?.[1] ?? 'panel';
        const methods = [input.route.method].flat();
        // Every change accepts Idempotency-Key (idempotency/idempotency.plugin.ts, docs/api-tokens.md).
        const headers = methods.some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
          ? {
              headers: {
                type: 'object',
                properties: {
                  'idempotency-key': {
                    type: 'string',
                    pattern: IDEMPOTENCY_KEY_PATTERN.source,
                    description:
                      'The same key and body within 24 h answers the first answer again; another body 422; while the first runs 409.',
                  },
                  // events/event-answers.plugin.ts
                  prefer: {
                    type: 'string',
                    description:
                      'respond-async: a call that starts a long operation answers 202 Accepted (Preference-Applied: respond-async). Every call that started one names its event in Location: /api/events/{event}; poll it, or follow /api/events/{event}/output?offset&wait.',
                  },
                },
              },
            }
          : {};
        return { ...transformed, schema: { ...transformed.schema, ...headers, tags: [tag] } };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: OPENAPI_DOCS_PATH,
      uiConfig: { url: OPENAPI_DOCUMENT_PATH, docExpansion: 'none', deepLinking: true },
      // The document is served by the route below; the page reads only it.
      staticCSP: false,
      transformSpecificationClone: true,
    });
    app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
