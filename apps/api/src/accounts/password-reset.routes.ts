import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';

/** Forgotten password: public on purpose (the person cannot sign in). */
export const passwordResetRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts }) => {
  // Always 204: the answer never tells whether the email has an account.
  route(
    app,
    accountRoutes.forgotPassword,
    { public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.forgotPassword } },
    ({ body }) => accounts.passwordReset.requestReset(body.email),
  );

  route(
    app,
    accountRoutes.resetPassword,
    { public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.resetPassword } },
    ({ body }) => accounts.passwordReset.resetPassword(body),
  );
};
