import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, type User } from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import { buildAppInfo, type AppInfoSettings } from './info.service.js';

/**
 * GET api/info: app info and the signed-in user (null when signed out), which every navigation
 * loads first (spec/000 §2 guards). Public: the guards need it before sign-in. An unverified user
 * is returned too, so the browser can send them to /email/verify.
 */
export const infoRoutes: FastifyPluginAsyncZod<{
  settings: AppInfoSettings;
  presentUser: (user: UserRow) => Promise<User>;
}> = async (app, options) => {
  app.get(
    apiRoutes.info.path,
    { schema: { response: { 200: apiRoutes.info.response } }, config: { public: true } },
    async (request) =>
      buildAppInfo(
        options.settings,
        request.locale,
        request.user ? await options.presentUser(request.user) : null,
      ),
  );
};
