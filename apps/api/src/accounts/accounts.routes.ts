import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Accounts } from './accounts.js';
import { emailVerificationRoutes } from './email-verification.routes.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { profilePhotoRoutes } from './profile-photo.routes.js';
import { profileRoutes } from './profile.routes.js';
import { signInRoutes } from './sign-in.routes.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export interface AccountRoutesOptions {
  accounts: Accounts;
  /** Cookies get `Secure` when the panel is served over https (APP_URL). */
  secureCookie: boolean;
}

/** Every route of contracts `accountRoutes`, plus the user info and session list of `apiRoutes`. */
export const accountsRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  await app.register(signInRoutes, options);
  await app.register(emailVerificationRoutes, options);
  await app.register(passwordResetRoutes, options);
  await app.register(profileRoutes, options);
  await app.register(profilePhotoRoutes, options);
  await app.register(twoFactorRoutes, options);
};
