import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deploymentRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import { translate } from '../i18n/translate.js';
import type { DeploymentsService } from './deployments.service.js';

const hookQuery = z.object({ token: z.string().max(512).optional() });
/** Enough for a deploy script in CI, not for guessing a 256-bit token. */
const HOOK_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
const HOOK_BODY_LIMIT = 1024 * 1024;

/**
 * GET|POST api/servers/{server}/sites/{site}/deploy/http (spec/000 §7, public): public on purpose
 * (route-auth.test.ts lists it), authenticated by the site's deploy token, rate-limited, without
 * the CSRF check (git hosts and CI call it, not browsers). Its own plugin so the body arrives raw:
 * GitHub signs the exact bytes it sent.
 */
export const deployHookRoutes: FastifyPluginAsyncZod<{ deployments: DeploymentsService }> = async (
  app,
  options,
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: HOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  const contract = deploymentRoutes.deployHook;
  // Git hosts call it with POST, a browser or a CI step may GET it: the same call either way.
  for (const method of ['GET', 'POST'] as const) {
    route(
      app,
      { ...contract, method },
      {
        public: true,
        config: { csrf: false, rateLimit: HOOK_RATE_LIMIT },
        query: hookQuery,
        responses: { 200: contract.response, 201: contract.response },
      },
      async ({ params, query, request, reply, locale }) => {
        const signature = request.headers['x-hub-signature-256'];
        const result = await options.deployments.deployFromHook(params.server, params.site, {
          queryToken: query.token,
          signature: typeof signature === 'string' ? signature : undefined,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
        });
        return reply.status(result.started ? 201 : 200).send({
          message: translate(locale, result.message),
          deployment_id: result.deployment_id,
          event_id: result.event_id,
        });
      },
    );
  }
};
