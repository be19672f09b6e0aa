import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountRoutes,
  apiRoutes,
  confirmPasswordRequestSchema,
  updatePasswordRequestSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
} from '@hostdeck/contracts';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';
import { clearSessionCookie } from './session-cookies.js';

/**
 * The signed-in user: info, profile, password, preferences, sessions, deleting the account. All
 * open to an unverified user: the verification banner links to the profile page (spec/000 §2).
 */
export const profileRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const unverified = { allowUnverified: true } as const;
  const withPassword = {
    allowUnverified: true,
    rateLimit: ACCOUNT_RATE_LIMITS.passwordConfirmation,
  } as const;

  app.get(
    apiRoutes.userInfo.path,
    { schema: { response: { 200: apiRoutes.userInfo.response } }, config: unverified },
    async (request) => accounts.presentUser(request.user!),
  );

  app.put(
    accountRoutes.updateProfile.path,
    {
      schema: { body: updateProfileRequestSchema, response: { 200: accountRoutes.updateProfile.response } },
      config: unverified,
    },
    async (request) =>
      accounts.presentUser(await accounts.profile.updateProfile(request.user!, request.body)),
  );

  app.put(
    accountRoutes.updatePassword.path,
    { schema: { body: updatePasswordRequestSchema }, config: withPassword },
    async (request, reply) => {
      await accounts.profile.updatePassword(request.user!, request.body, request.sessionId);
      return reply.code(204).send();
    },
  );

  app.put(
    accountRoutes.updatePreferences.path,
    {
      schema: {
        body: updatePreferencesRequestSchema,
        response: { 200: accountRoutes.updatePreferences.response },
      },
      config: unverified,
    },
    async (request) =>
      accounts.presentUser(await accounts.profile.updatePreferences(request.user!, request.body)),
  );

  app.get(
    apiRoutes.userSessions.path,
    { schema: { response: { 200: apiRoutes.userSessions.response } }, config: unverified },
    async (request) => ({ data: await accounts.browserSessions.list(request.user!, request.sessionId) }),
  );

  app.delete(
    accountRoutes.logoutOtherSessions.path,
    { schema: { body: confirmPasswordRequestSchema }, config: withPassword },
    async (request, reply) => {
      await accounts.browserSessions.logoutOtherSessions(
        request.user!,
        request.body.password,
        request.sessionId,
      );
      return reply.code(204).send();
    },
  );

  app.delete(
    accountRoutes.deleteAccount.path,
    { schema: { body: confirmPasswordRequestSchema }, config: withPassword },
    async (request, reply) => {
      await accounts.profile.deleteAccount(request.user!, request.body.password);
      clearSessionCookie(reply, { secure: options.secureCookie });
      return reply.code(204).send();
    },
  );
};
