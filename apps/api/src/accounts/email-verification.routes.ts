import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes, verifyEmailRequestSchema } from '@hostdeck/contracts';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';

export const emailVerificationRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts },
) => {
  // Public on purpose: the link may be opened in another browser than the one signed in; the
  // signed token is the proof.
  app.post(
    accountRoutes.verifyEmail.path,
    {
      schema: { body: verifyEmailRequestSchema },
      config: { public: true, rateLimit: ACCOUNT_RATE_LIMITS.verifyEmail },
    },
    async (request, reply) => {
      await accounts.verification.verify(request.body.token);
      return reply.code(204).send();
    },
  );

  app.post(
    accountRoutes.resendVerification.path,
    { config: { allowUnverified: true, rateLimit: ACCOUNT_RATE_LIMITS.resendVerification } },
    async (request, reply) => {
      await accounts.verification.resend(request.user!);
      return reply.code(204).send();
    },
  );
};
