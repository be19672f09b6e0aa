import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';

/** Setting up and managing two-factor authentication (the sign-in step is in sign-in.routes.ts). */
export const twoFactorRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts }) => {
  const withPassword = {
    config: { allowUnverified: true, rateLimit: ACCOUNT_RATE_LIMITS.passwordConfirmation },
  } as const;

  route(app, accountRoutes.enableTwoFactor, withPassword, ({ user, body }) =>
    accounts.twoFactor.enable(user, body.password),
  );
  // Guessing the code here would only confirm one's own authenticator; limited all the same.
  route(app, accountRoutes.confirmTwoFactor, withPassword, async ({ user, body }) => ({
    codes: await accounts.twoFactor.confirm(user, body.code),
  }));
  route(app, accountRoutes.disableTwoFactor, withPassword, ({ user, body }) =>
    accounts.twoFactor.disable(user, body.password),
  );
  route(app, accountRoutes.regenerateRecoveryCodes, withPassword, async ({ user, body }) => ({
    codes: await accounts.twoFactor.regenerateRecoveryCodes(user, body.password),
  }));
};
