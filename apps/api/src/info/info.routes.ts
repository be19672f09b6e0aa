import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, type User } from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import { route } from '../http/route.js';
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
  route(app, apiRoutes.info, { public: true }, async ({ user, locale }) =>
    buildAppInfo(options.settings, locale, user ? await options.presentUser(user) : null),
  );
};
