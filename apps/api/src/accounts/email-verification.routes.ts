import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';

export const emailVerificationRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts },
) => {
  // Public on purpose: the link may be opened in another browser than the one signed in; the
  // signed token is the proof.
  route(
    app,
    accountRoutes.verifyEmail,
    { public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.verifyEmail } },
    ({ body }) => accounts.verification.verify(body.token),
  );

  route(
    app,
    accountRoutes.resendVerification,
    { config: { allowUnverified: true, rateLimit: ACCOUNT_RATE_LIMITS.resendVerification } },
    ({ user }) => accounts.verification.resend(user),
  );
};
