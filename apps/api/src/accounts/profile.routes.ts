import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes, apiRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';
import { clearSessionCookie } from './session-cookies.js';

/**
 * The signed-in user: info, profile, password, preferences, sessions, deleting the account. All
 * open to an unverified user: the verification banner links to the profile page (spec/000 §2).
 */
export const profileRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const unverified = { config: { allowUnverified: true } } as const;
  const withPassword = {
    config: { allowUnverified: true, rateLimit: ACCOUNT_RATE_LIMITS.passwordConfirmation },
  } as const;

  route(app, apiRoutes.userInfo, unverified, ({ user }) => accounts.presentUser(user));
  route(app, accountRoutes.updateProfile, unverified, async ({ user, body }) =>
    accounts.presentUser(await accounts.profile.updateProfile(user, body)),
  );
  route(app, accountRoutes.updatePassword, withPassword, ({ user, body, request }) =>
    accounts.profile.updatePassword(user, body, request.sessionId),
  );
  route(app, accountRoutes.updatePreferences, unverified, async ({ user, body }) =>
    accounts.presentUser(await accounts.profile.updatePreferences(user, body)),
  );
  route(app, apiRoutes.userSessions, unverified, async ({ user, request }) => ({
    data: await accounts.browserSessions.list(user, request.sessionId),
  }));
  route(app, accountRoutes.logoutOtherSessions, withPassword, ({ user, body, request }) =>
    accounts.browserSessions.logoutOtherSessions(user, body.password, request.sessionId),
  );
  route(app, accountRoutes.deleteAccount, withPassword, async ({ user, body, reply }) => {
    await accounts.profile.deleteAccount(user, body.password);
    clearSessionCookie(reply, { secure: options.secureCookie });
  });
};
