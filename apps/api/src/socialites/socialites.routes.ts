import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialiteRoutes as routes } from '@hostdeck/contracts/socialites';
import type { Accounts } from '../accounts/accounts.js';
import { ACCOUNT_RATE_LIMITS } from '../accounts/rate-limits.js';
import { clientOf, setPendingLoginCookie, setSessionCookie } from '../accounts/session-cookies.js';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { route } from '../http/route.js';
import { SOCIAL_STATE_LIFETIME_MS, type SocialitesService } from './socialites.service.js';

/** Holds the state of this browser's sign-in in progress: a callback from another browser fails. */
export const SOCIAL_STATE_COOKIE = 'hostdeck_social_state';
const STATE_COOKIE_PATH = '/api/auth';

export interface SocialitesRouteOptions {
  socialites: SocialitesService;
  accounts: Accounts;
  secureCookie: boolean;
}

/**
 * Social sign-in's routes (contracts `socialiteRoutes`). Start and callback are public (signed
 * out is their normal case) and still need the CSRF header; both are rate-limited like sign-in.
 */
export const socialitesRoutes: FastifyPluginAsyncZod<SocialitesRouteOptions> = async (
  app,
  { socialites, accounts, secureCookie: secure },
) => {
  route(app, routes.list, {}, async ({ user }) => ({ data: await socialites.list(user) }));

  route(
    app,
    routes.start,
    { public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.login } },
    async ({ user, params, body, request, reply }) => {
      const { url, state } = await socialites.start({
        provider: params.provider,
        link: body.link === true,
        caller: user,
        sessionId: request.sessionId,
      });
      reply.setCookie(SOCIAL_STATE_COOKIE, state, {
        path: STATE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: SOCIAL_STATE_LIFETIME_MS / 1000,
      });
      return { data: { url } };
    },
  );

  route(
    app,
    routes.callback,
    { public: true, config: { rateLimit: ACCOUNT_RATE_LIMITS.login } },
    async ({ user, params, body, request, reply, locale }) => {
      const cookieState = request.cookies[SOCIAL_STATE_COOKIE];
      reply.clearCookie(SOCIAL_STATE_COOKIE, {
        path: STATE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      const outcome = await socialites.callback({
        provider: params.provider,
        code: body.code,
        state: body.state,
        error: body.error,
        issuer: body.iss,
        cookieState,
        caller: user,
        sessionId: request.sessionId,
        client: clientOf(request),
        locale,
      });
      if (outcome.result === 'two-factor') {
        setPendingLoginCookie(reply, outcome.login.pendingToken, { secure });
      } else if (outcome.result === 'signed-in') {
        // A new token on every sign-in, as the password sign-in does (no fixation).
        await accounts.signIn.logout(request.cookies[SESSION_COOKIE]);
        setSessionCookie(reply, outcome.login.token, { secure, remember: false });
      }
      return { data: { result: outcome.result, created: outcome.created } };
    },
  );

  route(app, routes.unlink, {}, ({ user, params }) => socialites.unlink(user, params.provider));
};
