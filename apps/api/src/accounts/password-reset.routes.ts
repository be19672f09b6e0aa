import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes, forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@hostdeck/contracts';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';

/** Forgotten password: public on purpose (the person cannot sign in). */
export const passwordResetRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts }) => {
  app.post(
    accountRoutes.forgotPassword.path,
    {
      schema: { body: forgotPasswordRequestSchema },
      config: { public: true, rateLimit: ACCOUNT_RATE_LIMITS.forgotPassword },
    },
    async (request, reply) => {
      await accounts.passwordReset.requestReset(request.body.email);
      // Always 204: the answer never tells whether the email has an account.
      return reply.code(204).send();
    },
  );

  app.post(
    accountRoutes.resetPassword.path,
    {
      schema: { body: resetPasswordRequestSchema },
      config: { public: true, rateLimit: ACCOUNT_RATE_LIMITS.resetPassword },
    },
    async (request, reply) => {
      await accounts.passwordReset.resetPassword(request.body);
      return reply.code(204).send();
    },
  );
};
