import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '@hostdeck/contracts';
import { REFERRAL_COOKIE } from '@hostdeck/contracts/referrals';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { route } from '../http/route.js';
import type { AccountRoutesOptions } from './accounts.routes.js';
import { ACCOUNT_RATE_LIMITS } from './rate-limits.js';
import {
  clearPendingLoginCookie,
  clearSessionCookie,
  clientOf,
  PENDING_LOGIN_COOKIE,
  setPendingLoginCookie,
  setSessionCookie,
} from './session-cookies.js';

/**
 * Registration, sign-in (with the two-factor step) and sign-out. Public on purpose except
 * sign-out; every one still needs the CSRF header (http/csrf.ts), which the SPA sends from the
 * XSRF-TOKEN cookie it got on its first GET.
 */
export const signInRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const secure = options.secureCookie;

  route(
    app,
    accountRoutes.register,
    { status: 201, public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.register } },
    async ({ body, locale, request, reply }) => {
      const { user, token } = await accounts.signIn.register(
        { ...body, locale: body.locale ?? locale },
        clientOf(request),
        request.cookies[REFERRAL_COOKIE],
      );
      if (request.cookies[REFERRAL_COOKIE]) reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
      // A browser that was signed in as someone else leaves that session behind for good.
      await accounts.signIn.logout(request.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, token, { secure, remember: false });
      return accounts.presentUser(user);
    },
  );

  route(
    app,
    accountRoutes.login,
    { public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.login } },
    async ({ body, request, reply }) => {
      const result = await accounts.signIn.login(body, clientOf(request));
      if (result.twoFactor) {
        setPendingLoginCookie(reply, result.pendingToken, { secure });
        return { two_factor: true };
      }
      // A new token on every sign-in: a session id planted before sign-in is worth nothing after.
      await accounts.signIn.logout(request.cookies[SESSION_COOKIE]);
      setSessionCookie(reply, result.token, { secure, remember: result.remember });
      return { two_factor: false };
    },
  );

  route(
    app,
    accountRoutes.twoFactorChallenge,
    { public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.twoFactorChallenge } },
    async ({ body, request, reply }) => {
      const result = await accounts.signIn.completeTwoFactorLogin(
        request.cookies[PENDING_LOGIN_COOKIE],
        body,
        clientOf(request),
      );
      await accounts.signIn.logout(request.cookies[SESSION_COOKIE]);
      clearPendingLoginCookie(reply, { secure });
      setSessionCookie(reply, result.token, { secure, remember: result.remember });
      return accounts.presentUser(result.user);
    },
  );

  route(app, accountRoutes.logout, { config: { allowUnverified: true } }, async ({ request, reply }) => {
    await accounts.signIn.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, { secure });
  });
};
