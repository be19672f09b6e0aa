import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sourcecodeRoutes as routes } from '@hostdeck/contracts/sourcecode';
import { route } from '../http/route.js';
import type { SourcecodeService } from './sourcecode.service.js';

const started = { status: 201 } as const;

/** POST api/sites/{site}/code/{github|gitlab|bitbucket|git} (spec/000 §7 code install). */
export const sourcecodeRoutesPlugin: FastifyPluginAsyncZod<{ sourcecode: SourcecodeService }> = async (
  app,
  { sourcecode },
) => {
  route(app, routes.installFromGit, started, ({ user, params, body }) =>
    sourcecode.installFromGit(user, params.site, body),
  );
  route(app, routes.installFromProvider, started, ({ user, params, body }) =>
    sourcecode.installFromProvider(user, params.site, params.provider, body),
  );
};
