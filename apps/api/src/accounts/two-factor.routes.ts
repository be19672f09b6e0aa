import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountRoutes,
  confirmPasswordRequestSchema,
  confirmTwoFactorRequestSchema,
} from '@hostdeck/contracts';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';

/** Setting up and managing two-factor authentication (the sign-in step is in sign-in.routes.ts). */
export const twoFactorRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts }) => {
  const withPassword = {
    allowUnverified: true,
    rateLimit: ACCOUNT_RATE_LIMITS.passwordConfirmation,
  } as const;

  app.post(
    accountRoutes.enableTwoFactor.path,
    {
      schema: {
        body: confirmPasswordRequestSchema,
        response: { 200: accountRoutes.enableTwoFactor.response },
      },
      config: withPassword,
    },
    async (request) => accounts.twoFactor.enable(request.user!, request.body.password),
  );

  app.post(
    accountRoutes.confirmTwoFactor.path,
    {
      schema: {
        body: confirmTwoFactorRequestSchema,
        response: { 200: accountRoutes.confirmTwoFactor.response },
      },
      // Guessing the code here would only confirm one's own authenticator; limited all the same.
      config: withPassword,
    },
    async (request) => ({ codes: await accounts.twoFactor.confirm(request.user!, request.body.code) }),
  );

  app.delete(
    accountRoutes.disableTwoFactor.path,
    { schema: { body: confirmPasswordRequestSchema }, config: withPassword },
    async (request, reply) => {
      await accounts.twoFactor.disable(request.user!, request.body.password);
      return reply.code(204).send();
    },
  );

  app.post(
    accountRoutes.regenerateRecoveryCodes.path,
    {
      schema: {
        body: confirmPasswordRequestSchema,
        response: { 200: accountRoutes.regenerateRecoveryCodes.response },
      },
      config: withPassword,
    },
    async (request) => ({
      codes: await accounts.twoFactor.regenerateRecoveryCodes(request.user!, request.body.password),
    }),
  );
};
